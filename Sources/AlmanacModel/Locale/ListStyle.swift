import CICU

/// How a locale joins a list of things that all hold: `Markdown and JSON`, `Markdown und JSON`,
/// `Markdown و JSON`, by ICU's list formatter.
public enum ListStyle {
    public static func joined(_ items: [String], locale: LocaleTag) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let units = items.map { Array($0.utf16) }
        let lengths = units.map { Int32($0.count) }
        let joined = withPointers(units) { pointers in
            ICUText.utf16 { almanac_list_format(locale.icu, pointers, lengths, Int32(items.count), $0, $1) }
        }
        return joined ?? items.joined(separator: ", ")
    }

    private static func withPointers<R>(_ units: [[UInt16]], _ body: ([UnsafePointer<UInt16>?]) -> R) -> R {
        let buffers = units.map { unit -> UnsafeMutablePointer<UInt16> in
            let pointer = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, unit.count))
            pointer.initialize(from: unit, count: unit.count)
            return pointer
        }
        defer { buffers.forEach { $0.deallocate() } }
        return body(buffers.map { UnsafePointer($0) })
    }
}
