import AlmanacCore
import Foundation

/// Reads XML and binary property lists through Foundation. Dictionaries come back unordered, so
/// their keys are sorted by code point to keep builds deterministic; a page sorts its rows by
/// collation anyway. Dates become ISO 8601 in UTC, data becomes base64 text.
public struct PropertyListReader {
    public init() {}

    public func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> Value {
        if bytes.isEmpty {
            throw .error(at: SourceLocation(path: path), "empty property list")
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            // Foundation gives no position; its message often names the line.
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "malformed"
            throw .error(at: SourceLocation(path: path), "invalid property list: \(detail)", hint: "check it with `plutil -lint`")
        }
        return convert(root, depth: 0)
    }

    private func convert(_ object: Any, depth: Int) -> Value {
        guard depth < 512 else { return .null }
        switch object {
        case let string as String:
            return .string(string)
        case let flag as Bool where !(object is Int):
            return .bool(flag)
        case let number as NSNumber:
            let double = number.doubleValue
            if double == double.rounded(), abs(double) < 1e15 {
                return .number(Number(text: String(number.int64Value), value: double))
            }
            return .number(Number(text: "\(double)", value: double))
        case let date as Date:
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = TimeZone(identifier: "UTC")
            let text = formatter.string(from: date)
            return DateValue(iso: text).map(Value.date) ?? .string(text)
        case let data as Data:
            return .string(data.base64EncodedString())
        case let array as [Any]:
            return .list(array.map { convert($0, depth: depth + 1) })
        case let dictionary as [String: Any]:
            let pairs = dictionary.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .object(Object(pairs.map { Object.Field(name: $0.key, value: convert($0.value, depth: depth + 1)) }))
        default:
            return .string(String(describing: object))
        }
    }
}
