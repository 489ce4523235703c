/// The bytes a unit's cache key is made from: each text ends in a NUL, so two lists of texts
/// that differ never run together into the same bytes.
struct KeyBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func text(_ value: String) {
        bytes += value.utf8
        bytes.append(0)
    }
}
