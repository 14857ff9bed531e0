/// A first-in, first-out queue with O(1) push and pop (amortised): an array read from a moving head,
/// compacted once the consumed part is the larger half.
struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }

    mutating func push(_ element: Element) { items.append(element) }

    /// The oldest element, removed; nil when empty.
    mutating func pop() -> Element? {
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head > 32, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }
}
