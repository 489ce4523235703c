import AlmanacCore
import AlmanacModel

/// A field's value as text where it lands: one line in a row, all of it on a detail page, each
/// through the field's format (`formats:`). The Markdown, the HTML and the single file take
/// their text from here, so they say the same.
public enum FieldText {
    /// What a row shows: the value's first line, with `…` when more follows (the detail page
    /// has the rest), formatted as the page asks.
    public static func row(_ value: Value?, format: FieldFormat?, strings: InterfaceStrings) -> String {
        guard let value else { return "" }
        let text = formatted(value, format, strings: strings) ?? value.text
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingTrailingSpaces() }.filter { !$0.isEmpty }
        guard let first = lines.first else { return "" }
        return lines.count > 1 ? first + " …" : String(first)
    }

    /// What a detail page shows: all of the value, formatted; nil for a value the format
    /// does not apply to (a duration that is not a number), which then reads as it is. A date
    /// reads as the page's locale writes it unless its format is `raw`.
    public static func formatted(_ value: Value, _ format: FieldFormat?, strings: InterfaceStrings) -> String? {
        switch (format, value) {
        case (.duration?, .number(let number)) where number.value.isFinite && number.value >= 0: return duration(number.value, strings: strings)
        case (nil, .date(let date)), (.duration?, .date(let date)): return strings.date(date)
        default: return nil
        }
    }

    /// `0.627` → `627 ms`; under a minute to a tenth of a second; `72` → `1 m 12 s`; past an
    /// hour, hours and minutes: in the page's words and digits (`4,3 s` in German).
    public static func duration(_ seconds: Double, strings: InterfaceStrings) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        if milliseconds < 1000 { return strings.text(.durationMilliseconds, ["ms": strings.number(milliseconds)]) }
        if seconds < 59.95 { return strings.text(.durationSeconds, ["s": strings.tenths(Int((seconds * 10).rounded()))]) }
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return hours > 0
            ? strings.text(.durationHours, ["h": strings.number(hours), "m": strings.number(minutes)])
            : strings.text(.durationMinutes, ["m": strings.number(minutes), "s": strings.number(rest)])
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
