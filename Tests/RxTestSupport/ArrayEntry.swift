extension Array {
    /// The element at `index`, or nil when there is none. Tests read recorded
    /// entries through this: a missing entry then fails the assertion that reads
    /// it, where `array[index]` would trap and take every other test of the
    /// process down with it.
    public subscript(ifPresent index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
