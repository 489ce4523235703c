import AlmanacCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads JUnit XML test results — as Ant, Jenkins, Maven Surefire, Gradle, pytest, Jest, Go's
/// go-junit-report and gotestsum, PHPUnit, Karma, xcpretty and Playwright write them — into one
/// record per test case: `suite, classname, name, status, time, message, details, file, line,
/// output`, with `status` one of passed, failed, error, skipped.
///
/// Parsing is Foundation's `XMLParser` (libxml2). A results file has no use for a document type,
/// so one is refused outright: no external entity is ever fetched and no entity expands beyond
/// XML's own five. Each `<testcase>` is a run; the suites' own totals (`JUnitTotals`) are the
/// check on that count, and tell what a name written twice in the file means.
public struct JUnitReader {
    public init() {}

    public static let fields = [
        "suite", "classname", "name", "status", "time", "message", "details", "file", "line", "output", "attempts", "flaky",
    ]

    public func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> [Record] {
        var warnings: [Diagnostic] = []
        return try read(bytes, path: path, warnings: &warnings)
    }

    /// `warnings`: each suite whose own counts (`tests`, `failures`, `errors`, `skipped`)
    /// disagree with the cases it holds.
    public func read(_ bytes: [UInt8], path: String, warnings: inout [Diagnostic]) throws(Diagnostic) -> [Record] {
        try readResults(bytes, path: path, warnings: &warnings).records
    }

    /// The cases, and what the run calls itself (`Collector.runName`). `repeats`: what a name
    /// written twice means where the file's own totals do not say.
    public func readResults(
        _ bytes: [UInt8], path: String, repeats: TestRepeats = .runs, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> TestResults {
        let collector = Collector(path: path)
        try ResultsXML.parse(bytes, path: path, format: "JUnit XML", collector: collector)
        guard collector.sawRoot else {
            throw .error(at: SourceLocation(path: path), "empty XML file: no <testsuites> or <testsuite>")
        }
        let said = collector.totals.compactMap(\.repeats)
        let rule = said.contains(.attempts) ? .attempts : said.isEmpty ? repeats : .runs
        warnings += collector.totals.compactMap { $0.disagreement(rule: rule) }
        let repeated = collector.totals.contains { $0.cases > $0.names.count }
        return TestResults(records: collector.records.finish(), name: collector.runName, repeats: repeated ? rule : nil)
    }

    /// Root elements of other tools' result formats, named so the error says what the file is.
    static let otherFormats: [String: String] = [
        "test-run": "an NUnit 3 result file", "test-results": "an NUnit 2 result file", "TestRun": "a Visual Studio TRX file",
        "assemblies": "an xUnit.net result file", "plist": "a property list (name it .plist)", "testResults": "a JMeter result file",
    ]

    /// Walks the element tree, keeping the enclosing suites and the case being read.
    final class Collector: ResultsXML.Collector {
        /// The cases read, in one table: a table per record would cost a fifth of a large report.
        var records = RecordTable.Builder()

        /// The root `<testsuites>`'s name, and the names of the suites directly inside it.
        var rootName: String?
        var topSuiteNames: [String] = []
        /// The totals of every suite read, and of the root `<testsuites>`, in the file's order.
        var totals: [JUnitTotals] = []
        private var rootTotals: JUnitTotals?
        /// Cases outside any suite (Node's reporter writes a test outside `describe` so), and
        /// whether every case bears Node's fixed class name `test`.
        private var rootCases = 0
        private var isNode = true
        /// The enclosing `<testsuite>`s, innermost last.
        private var suites: [Suite] = []

        /// A suite being read: what it says of itself, and what its cases (nested ones
        /// included, as the attributes count them) turn out to be.
        struct Suite {
            var name: String?
            var file: String?
            /// pytest's suite: it writes a case's `line` counted from 0 (its own `location`), where
            /// every other tool, and GitHub, count from 1. pytest names its suite `pytest` unless
            /// told otherwise, and alone among Python's writers gives a host but no file.
            var isPytest: Bool
            var totals: JUnitTotals
        }

        /// What the run calls itself: the root `<testsuites name>` (pytest's `pytest tests`,
        /// Jest's `jest tests`), else its one top-level suite's name when it holds every case.
        /// Node's reporter names neither, so its report is named by its top-level suites.
        var runName: String? {
            if let rootName, !rootName.isEmpty { return rootName }
            let names = topSuiteNames.filter { !$0.isEmpty }
            if names.count == 1 && rootCases == 0 { return names[0] }
            guard isNode, !names.isEmpty, names.count <= 3 else { return nil }
            return names.joined(separator: ", ")
        }
        private var testCase: Case?
        /// Whether the outcome element being read decides the case's status.
        private var isDecidingOutcome = false
        /// Inside one of Surefire's records of an earlier attempt (`<flakyFailure>`,
        /// `<rerunFailure>`, …), whose own output is not the case's.
        private var isInAttempt = false

        struct Case {
            var attributes: [String: String]
            var location: SourceLocation
            var status = "passed"
            var message: String?
            var details: String?
            var output: [String] = []
            /// Surefire's reruns: failed attempts before a pass (`flakyFailure`, `flakyError`)
            /// or after the failure (`rerunFailure`, `rerunError`), and the first one's text. A
            /// plain `<rerun>` (a failed attempt, as pytest-rerunfailures' writers call it) is
            /// counted with the latter: the case's own outcome says whether it then passed.
            var flakyAttempts = 0
            var rerunAttempts = 0
            /// Of those, the ones that errored rather than failed, which Surefire's suite counts
            /// as errors (the others as failures), each attempt as a test.
            var attemptErrors = 0
            var attemptMessage: String?
            var attemptDetails: String?
        }

        override var isCollectingText: Bool { testCase != nil }

        override func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let location = SourceLocation(path: path, line: max(parser.lineNumber, 1), column: 1)
            if !sawRoot {
                sawRoot = true
                guard name == "testsuites" || name == "testsuite" else {
                    let what = JUnitReader.otherFormats[name].map { "this is \($0), not JUnit XML" }
                        ?? "the root element <\(name)> is not <testsuites> or <testsuite>"
                    fail(.error(at: location, what, hint: "Almanac reads JUnit XML test results (.xml)"), parser)
                    return
                }
            }
            if name == "testsuites" && suites.isEmpty && rootTotals == nil {
                rootName = attributes["name"]
                rootTotals = JUnitTotals(name: nil, location: location, attributes: attributes)
            }
            switch name {
            case "testsuite":
                if suites.isEmpty { topSuiteNames.append(attributes["name"] ?? "") }
                let file = attributes["file"] ?? attributes["filepath"]
                let isPytest = attributes["name"] == "pytest" || (attributes["hostname"] != nil && file == nil)
                let totals = JUnitTotals(name: attributes["name"] ?? "", location: location, attributes: attributes)
                suites.append(Suite(name: attributes["name"], file: file, isPytest: isPytest, totals: totals))
            case "testcase":
                testCase = Case(attributes: attributes, location: location)
            case "failure", "error", "skipped":
                guard testCase != nil else { return }
                // The worst outcome wins: an error over a failure over a skip.
                let rank = ["passed": 0, "skipped": 1, "failed": 2, "error": 3]
                let status = name == "failure" ? "failed" : name
                isDecidingOutcome = rank[status, default: 0] >= rank[testCase?.status ?? "passed", default: 0]
                if isDecidingOutcome {
                    testCase?.status = status
                    testCase?.message = attributes["message"] ?? attributes["type"]
                    testCase?.details = nil
                }
                text = ""
            case "flakyFailure", "flakyError", "rerunFailure", "rerunError", "rerun":
                guard testCase != nil else { return }
                if name.hasPrefix("flaky") { testCase?.flakyAttempts += 1 } else { testCase?.rerunAttempts += 1 }
                if name.hasSuffix("Error") { testCase?.attemptErrors += 1 }
                if testCase?.attemptMessage == nil { testCase?.attemptMessage = attributes["message"] ?? attributes["type"] }
                isInAttempt = true
                text = ""
            case "system-out", "system-err", "stackTrace":
                text = ""
            default:
                break
            }
        }

        override func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "testsuite":
                if let suite = suites.popLast() { totals.append(suite.totals) }
            case "testsuites":
                if suites.isEmpty, let root = rootTotals { totals.append(root) }
            case "failure", "error", "skipped":
                let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if isDecidingOutcome && !body.isEmpty { testCase?.details = body }
                isDecidingOutcome = false
                text = ""
            case "flakyFailure", "flakyError", "rerunFailure", "rerunError", "rerun":
                isInAttempt = false
                text = ""
            case "stackTrace":
                let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if isInAttempt && testCase?.attemptDetails == nil && !body.isEmpty { testCase?.attemptDetails = body }
                text = ""
            case "system-out", "system-err":
                let body = text.trimmingCharacters(in: .newlines)
                if !body.isEmpty && !isInAttempt { testCase?.output.append(body) }
                text = ""
            case "testcase":
                if let testCase {
                    records.append(fields(testCase), at: testCase.location)
                    count(testCase)
                }
                testCase = nil
                text = ""
            default:
                break
            }
        }

        /// The case in the totals of every suite around it and of the root.
        private func count(_ testCase: Case) {
            let attributes = testCase.attributes
            let classname = attributes["classname"] ?? attributes["class"] ?? ""
            let name = classname + "\u{1F}" + (attributes["name"] ?? "")
            let attempts = testCase.flakyAttempts + testCase.rerunAttempts
            for index in suites.indices {
                suites[index].totals.count(status: testCase.status, attempts: attempts, attemptErrors: testCase.attemptErrors, name: name)
            }
            rootTotals?.count(status: testCase.status, attempts: attempts, attemptErrors: testCase.attemptErrors, name: name)
            if suites.isEmpty { rootCases += 1 }
            if classname != "test" { isNode = false }
        }

        private func fields(_ testCase: Case) -> Object {
            let attributes = testCase.attributes
            let suite = suites.last?.name ?? attributes["classname"]
            let file = attributes["file"] ?? attributes["filepath"] ?? suites.last(where: { $0.file != nil })?.file
            let text = { (value: String?) -> Value in value.map { .string($0) } ?? .null }
            // A pass after failed attempts keeps the failure's words: they are why it is flaky.
            let isFlaky = testCase.status == "passed" && testCase.flakyAttempts + testCase.rerunAttempts > 0
            let message = Self.message(testCase.message, details: testCase.details) ?? (isFlaky ? testCase.attemptMessage : nil)
            let values: [Value] = [
                text(suite), text(attributes["classname"] ?? attributes["class"]), .string(attributes["name"] ?? ""),
                .string(testCase.status), Self.number(attributes["time"]), text(message),
                text(testCase.details ?? (isFlaky ? testCase.attemptDetails : nil)),
                text(file), line(attributes["line"], file: file), text(testCase.output.isEmpty ? nil : testCase.output.joined(separator: "\n")),
                text(Self.attempts(testCase)), isFlaky ? .bool(true) : .null,
            ]
            return Object(zip(JUnitReader.fields, values).map { Object.Field(name: $0, value: $1) })
        }

        /// What a failure says in a line. Jest's reporter writes no message but the text;
        /// go-junit-report and gotestsum write `Failed` and the test's output, where the line
        /// that says why is the one a `t.Errorf` printed (`    calc_test.go:13: got 4`).
        static func message(_ message: String?, details: String?) -> String? {
            // gotestsum writes a skipped test's whole output as its message.
            if let message, message.hasPrefix("=== RUN") { return Self.message("Failed", details: message) }
            guard let details, message == nil || message == "Failed" else { return message }
            let lines = details.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            if message == "Failed" {
                let said = lines.first { line in
                    guard let colon = line.range(of: ".go:") else { return false }
                    return line[colon.upperBound...].first?.isNumber == true
                }
                return said.map { line in
                    let afterFile = line.split(separator: ":", maxSplits: 2)
                    return afterFile.count == 3 ? afterFile[2].trimmingCharacters(in: .whitespaces) : line
                } ?? message
            }
            return lines.first { !$0.isEmpty }
        }

        /// How a rerun case went, as a person says it: `passed on attempt 3 of 3`, `failed on all
        /// 2 attempts`; nil for a case run once.
        static func attempts(_ testCase: Case) -> String? {
            if testCase.flakyAttempts + testCase.rerunAttempts > 0 && testCase.status == "passed" {
                let count = testCase.flakyAttempts + testCase.rerunAttempts + 1
                return "passed on attempt \(count) of \(count)"
            }
            guard testCase.rerunAttempts > 0 else { return nil }
            return "\(testCase.status == "error" ? "errored" : testCase.status) on all \(testCase.rerunAttempts + 1) attempts"
        }

        /// The case's line, counted from 1: pytest's, counted from 0, moved down one.
        private func line(_ text: String?, file: String?) -> Value {
            let value = Self.number(text)
            guard case .number(let number) = value, file?.hasSuffix(".py") == true, suites.contains(where: \.isPytest),
                number.value >= 0, number.value == number.value.rounded(), number.value < 1e9
            else { return value }
            let next = Int(number.value) + 1
            return .number(Number(text: String(next), value: Double(next)))
        }

        /// `1.234` as a number; missing, empty or not a number (`1,234`, `NaN`) is null.
        static func number(_ text: String?) -> Value {
            guard let text = text?.trimmingCharacters(in: .whitespaces), let number = Number(parsing: text), number.value.isFinite
            else { return .null }
            return .number(number)
        }
    }
}
