import CEarshot

/// The process heap after a large model was dropped.
///
/// glibc keeps freed memory in its arenas for reuse and returns little of it to the system by itself:
/// after a 5,000-episode feed has been parsed, stored and read back, about 15 MB of freed pages stayed
/// resident. Handing them back once, after each such swap, keeps the daemon's resident memory at what
/// it really holds.
public enum Heap {
    /// Returns the free pages of every malloc arena to the system (`malloc_trim(0)`); takes a few
    /// milliseconds, so call it after a refresh or at start, never per event.
    public static func returnFreeMemory() {
        _ = malloc_trim(0)
    }
}
