import CBuildID

/// Which build of Almanac is running: the linker's build ID of the program, in hex. Cache keys
/// and search data names hold it, so a rebuilt almanac — a new release or a developer's change
/// to how pages render — never takes an older build's files for its own. Empty where the
/// program carries no build ID; the version number alone then stands for the build.
public enum BuildIdentity {
    public static let buildID: String = {
        var bytes = [UInt8](repeating: 0, count: 64)
        let length = Int(almanac_build_id(&bytes, Int32(bytes.count)))
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for byte in bytes.prefix(length) { hex += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] }
        return String(decoding: hex, as: UTF8.self)
    }()
}
