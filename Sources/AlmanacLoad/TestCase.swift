import AlmanacCore
import Foundation

/// One test as every results reader gives it, whatever the format it came from: a record with
/// the fields `JUnitReader.fields` names, in that order, so a report of NUnit, xUnit.net, TRX
/// or CTRF results reads exactly as one of JUnit's.
struct TestCase {
    var suite: String?
    var classname: String?
    var name: String
    /// passed, failed, error or skipped (or a format's own word for what is none of those).
    var status: String
    var time: Value = .null
    var message: String?
    var details: String?
    var file: String?
    var line: Int?
    var output: String?
    var attempts: String?
    var isFlaky = false

    func record(at location: SourceLocation) -> Record {
        let text = { (value: String?) -> Value in value.map { .string($0) } ?? .null }
        let values: [Value] = [
            text(suite), text(classname), .string(name), .string(status), time, text(message), text(details), text(file),
            line.map { .number(Number(text: String($0), value: Double($0))) } ?? .null, text(output), text(attempts),
            isFlaky ? .bool(true) : .null,
        ]
        return Record(fields: Object(zip(JUnitReader.fields, values).map { Object.Field(name: $0, value: $1) }), location: location)
    }

    /// Seconds as a number, from a format's own way of writing them.
    static func seconds(_ value: Double?) -> Value {
        guard let value, value.isFinite, value >= 0 else { return .null }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return .number(Number(text: String(rounded), value: rounded))
    }

    /// Text that says nothing (empty, or only white space) is no text.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
