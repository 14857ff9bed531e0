/// A binary min-heap: `push` and `pop` cost O(log n), `first` O(1).
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    /// The smallest element, left in place.
    var first: Element? { items.first }

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child] < items[parent] else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// The smallest element, removed; nil when empty.
    mutating func pop() -> Element? {
        guard let smallest = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return smallest }
        items[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < items.count, items[left] < items[least] { least = left }
            if right < items.count, items[right] < items[least] { least = right }
            guard least != parent else { break }
            items.swapAt(parent, least)
            parent = least
        }
        return smallest
    }
}
