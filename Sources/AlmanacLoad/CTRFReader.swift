import AlmanacCore

/// Reads CTRF, the Common Test Report Format (JSON, as the CTRF reporters for Jest, Playwright,
/// Cypress, Vitest, pytest and others write it), into the records JUnit's reader makes: one per
/// entry of `results.tests`. `duration` is in milliseconds; `pending` is skipped; `retries` and
/// `flaky` say how the attempts went; `suite` may be a string or a list of nested suites.
public struct CTRFReader {
    public init() {}

    /// Whether `bytes` are a CTRF report, as every CTRF reporter begins one: an object whose
    /// first key is `"reportFormat": "CTRF"` (or `"specVersion"`, with the format named in the
    /// opening lines), or `"results"` holding `"tool"` first. Read from
    /// the start of the file without parsing it; a data file that merely mentions results and
    /// tools somewhere is data, as its page meant.
    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        var tokens = JSONStart(bytes.prefix(4096))
        guard tokens.take("{") else { return false }
        if tokens.takeString("reportFormat") { return tokens.take(":") && tokens.takeString("CTRF") }
        // Written with its version first: the format's name is then in the same opening lines.
        if tokens.takeString("specVersion") {
            let opening = String(decoding: bytes.prefix(4096), as: UTF8.self)
            return opening.contains(#""reportFormat""#) && opening.contains(#""CTRF""#)
        }
        return tokens.takeString("results") && tokens.take(":") && tokens.take("{") && tokens.takeString("tool")
    }

    /// The first few tokens of a JSON text, white space skipped.
    private struct JSONStart {
        var rest: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) {
            rest = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes
        }

        mutating func skipSpace() {
            rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }

        mutating func take(_ character: Character) -> Bool {
            skipSpace()
            guard let ascii = character.asciiValue, rest.first == ascii else { return false }
            rest = rest.dropFirst()
            return true
        }

        mutating func takeString(_ text: String) -> Bool {
            skipSpace()
            let quoted = Array(("\"" + text + "\"").utf8)
            guard rest.starts(with: quoted) else { return false }
            rest = rest.dropFirst(quoted.count)
            return true
        }
    }

    public func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> TestResults {
        let document = try JSONReader().read(bytes, path: path)
        let start = SourceLocation(path: path, line: 1, column: 1)
        guard case .object(let root) = document, case .object(let results)? = root["results"], case .list(let tests)? = results["tests"]
        else {
            throw .error(at: start, "this is not a CTRF report: no results.tests list", hint: "CTRF reports are {\"results\": {\"tool\": …, \"tests\": […]}}")
        }
        var records: [Record] = []
        for (index, entry) in tests.enumerated() {
            guard case .object(let test) = entry, case .string(let name)? = test["name"], case .string(let status)? = test["status"] else {
                throw .error(at: start, "test \(index + 1) of results.tests has no name or no status", hint: "each test is {\"name\": …, \"status\": …}")
            }
            records.append(Self.testCase(test, name: name, status: status).record(at: start))
        }
        let tool: String? = if case .object(let tool)? = results["tool"], case .string(let name)? = tool["name"] { name } else { nil }
        return TestResults(records: records, name: tool.map { $0 + " tests" })
    }

    static func testCase(_ test: Object, name: String, status: String) -> TestCase {
        let suite: String? = switch test["suite"] {
        case .string(let text)?: text
        case .list(let parts)?: parts.map(\.text).joined(separator: " › ")
        default: nil
        }
        var testCase = TestCase(suite: suite, classname: suite, name: name, status: status == "pending" ? "skipped" : status)
        if case .number(let milliseconds)? = test["duration"] { testCase.time = TestCase.seconds(milliseconds.value / 1000) }
        testCase.message = TestCase.nonEmpty(test["message"]?.text)
        testCase.details = TestCase.nonEmpty(test["trace"]?.text)
        testCase.file = TestCase.nonEmpty(test["filePath"]?.text)
        if case .number(let line)? = test["line"], line.value >= 1, line.value < 1e9 { testCase.line = Int(line.value) }
        let output: [String] = switch test["stdout"] {
        case .list(let lines)?: lines.map(\.text)
        case .string(let text)?: [text]
        default: []
        }
        testCase.output = TestCase.nonEmpty(output.joined(separator: "\n"))
        let retries: Int = if case .number(let count)? = test["retries"], count.value >= 1, count.value < 1e6 { Int(count.value) } else { 0 }
        let isFlaky = test["flaky"] == .bool(true) && testCase.status == "passed"
        if retries > 0 {
            let attempts = retries + 1
            testCase.attempts = isFlaky || testCase.status == "passed"
                ? "passed on attempt \(attempts) of \(attempts)"
                : "\(testCase.status == "error" ? "errored" : testCase.status) on all \(attempts) attempts"
        }
        testCase.isFlaky = isFlaky || (retries > 0 && testCase.status == "passed")
        return testCase
    }
}
