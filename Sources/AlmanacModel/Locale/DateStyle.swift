import AlmanacCore
import CICU

/// How a locale writes a date, by ICU's date formatter: a day in the medium style (`Mar 9,
/// 2024`, `9 mars 2024`, `2024/03/09`, `٩‏/٣‏/٢٠٢٤`), a month as `Mar 2024`, a year as the
/// locale numbers its years (a Thai page counts Buddhist years), a time of day after the day.
/// The data keeps the ISO text it was written in; only the page's words change. Not shared
/// between threads.
public final class DateStyle {
    private let locale: LocaleTag
    /// One formatter per kind and zone written, opened when first needed.
    private var formats: [FormatKey: OpaquePointer?] = [:]

    private struct FormatKey: Hashable {
        let kind: Int32
        let zone: String?
    }

    public init(_ locale: LocaleTag) {
        self.locale = locale
    }

    deinit { for format in formats.values { almanac_date_format_close(format) } }

    /// `date` as the locale writes it; its text as written when ICU cannot say it (a day no
    /// month has, `2024-02-30`) or its time is not one this reads.
    public func format(_ date: DateValue) -> String {
        guard let moment = Moment(date) else { return date.text }
        let key = FormatKey(kind: moment.kind, zone: moment.zone)
        let format: OpaquePointer?
        if let known = formats[key] {
            format = known
        } else {
            format = almanac_date_format_open(locale.icu, moment.kind, moment.zone)
            formats[key] = format
        }
        guard let format else { return date.text }
        return ICUText.utf16 {
            almanac_date_format_fields(
                format, Int32(moment.year), Int32(moment.month), Int32(moment.day), Int32(moment.hour), Int32(moment.minute),
                Int32(moment.second), $0, $1)
        } ?? date.text
    }

    /// The parts of an ISO 8601 date and time: `2024`, `2024-03`, `2024-03-09`, and after a
    /// day `T14:30`, `T14:30:05`, with any fraction of a second (not shown) and a zone
    /// (`Z`, `+02:00`, `-0530`), which is shown as the data gives it, not moved to another.
    struct Moment {
        var year: Int, month = 1, day = 1, hour = 0, minute = 0, second = 0
        /// 0 a year, 1 a month, 2 a day, 3 a time in minutes, 4 in seconds.
        var kind: Int32 = 0
        /// ICU's ID for the zone written: `UTC`, `GMT+02:00`; nil for none.
        var zone: String?

        init?(_ date: DateValue) {
            year = date.year
            guard let month = date.month else { return }
            self.month = month
            kind = 1
            guard let day = date.day else { return }
            self.day = day
            kind = 2
            let bytes = Array(date.text.utf8)
            guard bytes.count > 10 else { return }
            var at = 11
            func number(_ width: Int) -> Int? {
                guard at + width <= bytes.count else { return nil }
                var value = 0
                for byte in bytes[at..<(at + width)] {
                    guard (0x30...0x39).contains(byte) else { return nil }
                    value = value * 10 + Int(byte - 0x30)
                }
                at += width
                return value
            }
            func skip(_ character: Character) -> Bool {
                guard at < bytes.count, bytes[at] == character.asciiValue else { return false }
                at += 1
                return true
            }
            guard let hour = number(2), hour < 24, skip(":"), let minute = number(2), minute < 60 else { return nil }
            (self.hour, self.minute, kind) = (hour, minute, 3)
            if skip(":") {
                guard let second = number(2), second < 60 else { return nil }
                (self.second, kind) = (second, 4)
                if skip(".") || skip(",") {
                    let digitsStart = at
                    while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
                    guard at > digitsStart else { return nil }
                }
            }
            if skip("Z") {
                zone = "UTC"
            } else if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") {
                let sign = bytes[at] == UInt8(ascii: "+") ? "+" : "-"
                at += 1
                guard let hours = number(2), hours < 24 else { return nil }
                _ = skip(":")
                let minutes = at < bytes.count ? number(2) : 0
                guard let minutes, minutes < 60 else { return nil }
                zone = hours == 0 && minutes == 0 ? "UTC" : "GMT" + sign + Self.twoDigits(hours) + ":" + Self.twoDigits(minutes)
            }
            guard at == bytes.count else { return nil }
        }

        static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
    }
}
