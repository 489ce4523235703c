/// A content hash for asset file names, so browsers cache an asset until it changes. FNV-1a is
/// enough for cache-busting (it is not a security boundary) and needs no library.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8], length: Int = 10) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(length))
    }

    /// A 128-bit fingerprint of several inputs for the rebuild cache: equal fingerprints mean
    /// unchanged inputs. Two FNV-style lanes with different seeds take eight bytes a step (a
    /// data file can be hundreds of megabytes); each part is length-prefixed. Every step is
    /// invertible for a fixed input word, so a change confined to one word always shows.
    public static func fingerprint(_ parts: [[UInt8]]) -> String {
        let (first, second) = lanes(parts)
        func hex(_ value: UInt64) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return hex(first) + hex(second)
    }

    /// The same fingerprint cut to 90 bits in 15 characters: a string that short is held
    /// inside the `String` value, with no allocation of its own, which matters for the key a
    /// build holds per row (100,000 of them at 100,000 rows). Two of a million such keys meet
    /// by chance with odds near 10⁻¹⁵.
    public static func shortFingerprint(_ parts: [[UInt8]]) -> String {
        let (first, second) = lanes(parts)
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        // 60 bits of the first lane and 30 of the second, six bits a character.
        let bits = [(first, 0), (first, 6), (first, 12), (first, 18), (first, 24), (first, 30), (first, 36), (first, 42),
                    (first, 48), (first, 54), (second, 0), (second, 6), (second, 12), (second, 18), (second, 24)]
        return String(decoding: bits.map { digits[Int(($0.0 >> UInt64($0.1)) & 63)] }, as: UTF8.self)
    }

    /// The two 64-bit lanes of a fingerprint.
    private static func lanes(_ parts: [[UInt8]]) -> (UInt64, UInt64) {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        func mix(_ word: UInt64) {
            first = (first ^ word) &* 0x0000_0100_0000_01B3
            second = (second ^ word) &* 0x9E37_79B9_7F4A_7C15
            second ^= second >> 29
        }
        for part in parts {
            mix(UInt64(part.count))
            part.withUnsafeBytes { raw in
                var offset = 0
                while offset + 8 <= raw.count {
                    mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    offset += 8
                }
                var tail: UInt64 = 0
                for (shift, byte) in raw[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
                mix(tail)
            }
        }
        return (first, second)
    }

    /// `almanac.css` with its content → `almanac.1f2e3d4c5b.css`.
    public static func name(_ fileName: String, for bytes: [UInt8]) -> String {
        guard let dot = fileName.lastIndex(of: ".") else { return fileName + "." + hex(bytes) }
        return fileName[..<dot] + "." + hex(bytes) + fileName[dot...]
    }
}
