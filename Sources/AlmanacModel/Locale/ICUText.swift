/// Reads text an ICU call writes into a caller's buffer, growing the buffer when the call
/// says it needs more: every ICU call that returns text works this way.
enum ICUText {
    /// UTF-16 text; nil when the call fails (returns a negative length).
    static func utf16(_ call: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String? {
        var capacity: Int32 = 64
        while true {
            var buffer = [UInt16](repeating: 0, count: Int(capacity))
            let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, capacity) }
            if length < 0 { return nil }
            if length <= capacity { return String(decoding: buffer[0..<Int(length)], as: UTF16.self) }
            capacity = length + 1
        }
    }

    /// ASCII text in a zero-terminated buffer (locale identifiers, plural keywords); nil when the
    /// call fails.
    static func ascii(capacity: Int = 157, _ call: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: capacity)
        let length = buffer.withUnsafeMutableBufferPointer { call($0.baseAddress!, Int32(capacity)) }
        guard length >= 0, Int(length) < capacity else { return nil }
        return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
