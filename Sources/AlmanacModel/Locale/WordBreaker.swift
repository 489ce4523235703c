import CICU

/// Cuts text written without spaces between its words — Chinese, Japanese, Thai, Lao, Khmer,
/// Burmese — into words by ICU's word break iterator and its dictionaries (`東京都庁` is
/// `東京` and `都庁`), so search can find a word inside a run of them. Text in other scripts
/// is left whole: its words are already cut where its spaces and punctuation are.
///
/// Opened on first use; not shared between threads.
public final class WordBreaker {
    private var breaker: OpaquePointer?
    private var opened = false

    public init() {}

    deinit { almanac_word_breaker_close(breaker) }

    /// The blocks of the scripts written without spaces between words: Thai and Lao, Myanmar,
    /// Khmer, Hiragana and Katakana, and Han. The browser gets the same list
    /// (`BrowserContract`) to know which words of a query to cut.
    public static let spacelessRanges: [ClosedRange<UInt32>] = [
        0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF,
        0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF,
    ]

    /// Whether `scalar` belongs to a script written without spaces between words.
    public static func isSpaceless(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value >= 0x0E00 && spacelessRanges.contains { $0.contains(value) }
    }

    /// The words of `run`, a run of letters, marks and digits. A run with no spaceless letter
    /// is one word and costs no call into ICU.
    public func words(of run: String) -> [Substring] {
        guard run.unicodeScalars.contains(where: Self.isSpaceless) else { return [run[...]] }
        if !opened {
            opened = true
            breaker = almanac_word_breaker_open()
        }
        guard let breaker else { return [run[...]] }
        var units = Array(run.utf16)
        var bounds = [Int32](repeating: 0, count: 2 * units.count + 2)
        let count = units.withUnsafeMutableBufferPointer { text in
            bounds.withUnsafeMutableBufferPointer { almanac_word_breaks(breaker, text.baseAddress, Int32(text.count), $0.baseAddress, Int32($0.count)) }
        }
        // Every word is at least one code unit long, so the bounds always fit.
        guard count > 0, Int(count) <= bounds.count else { return count == 0 ? [] : [run[...]] }
        let utf16 = run.utf16
        return stride(from: 0, to: Int(count), by: 2).map { pair in
            let start = utf16.index(utf16.startIndex, offsetBy: Int(bounds[pair]))
            let end = utf16.index(utf16.startIndex, offsetBy: Int(bounds[pair + 1]))
            return run[start..<end]
        }
    }
}
