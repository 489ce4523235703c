import AlmanacCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads NUnit 3 results (`<test-run>`, as `nunit3-console` and the NUnit adapter write
/// `TestResult.xml`) into the records JUnit's reader makes: one per `<test-case>`, its suite the
/// fixture it is in. `result="Failed"` with `label="Error"` (or `Invalid`, `Cancelled`) is an
/// error, `Skipped` and `Inconclusive` are skipped, `Warning` passed with its message.
/// NUnit 2's `<test-results>` is another format, and is refused by name.
struct NUnitReader {
    func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> TestResults {
        let collector = Collector(path: path)
        try ResultsXML.parse(bytes, path: path, format: "NUnit XML", collector: collector)
        return TestResults(records: collector.records, name: nil)
    }

    final class Collector: ResultsXML.Collector {
        var records: [Record] = []
        /// The enclosing `<test-suite>`s' types and names, innermost last.
        private var suites: [(type: String, name: String)] = []
        private var testCase: TestCase?
        private var caseLocation = SourceLocation(path: "")
        /// The element whose text is being read inside a case (`message`, `stack-trace`,
        /// `output`) and what encloses it (`failure`, `reason`).
        private var reading: [String] = []

        override var isCollectingText: Bool { testCase != nil }

        override func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard acceptsRoot(name, ["test-run"], format: "NUnit 3's <test-run>", parser) else { return }
            switch name {
            case "test-suite":
                suites.append((attributes["type"] ?? "", attributes["fullname"] ?? attributes["name"] ?? ""))
            case "test-case":
                caseLocation = location(parser)
                var test = TestCase(
                    suite: suites.last(where: { $0.type == "TestFixture" })?.name ?? suites.last?.name,
                    classname: attributes["classname"], name: attributes["name"] ?? "", status: Self.status(attributes))
                test.time = TestCase.seconds(attributes["duration"].flatMap(Double.init))
                testCase = test
                reading = []
            default:
                guard testCase != nil else { return }
                reading.append(name)
                text = ""
            }
        }

        override func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "test-suite":
                _ = suites.popLast()
            case "test-case":
                if let testCase { records.append(testCase.record(at: caseLocation)) }
                testCase = nil
            default:
                guard testCase != nil else { return }
                // Only the case's own failure, reason and output: an `<assertions>` list
                // repeats the failure's message.
                let parent = reading.dropLast().last
                switch (parent, name) {
                case ("failure", "message"), ("reason", "message"): testCase?.message = TestCase.nonEmpty(text)
                case ("failure", "stack-trace"): testCase?.details = TestCase.nonEmpty(text)
                case (nil, "output"): testCase?.output = TestCase.nonEmpty(text)
                default: break
                }
                _ = reading.popLast()
                text = ""
            }
        }

        static func status(_ attributes: [String: String]) -> String {
            switch attributes["result"] {
            case "Passed", "Warning": return "passed"
            case "Failed": return ["Error", "Invalid", "Cancelled"].contains(attributes["label"] ?? "") ? "error" : "failed"
            case "Skipped", "Inconclusive": return "skipped"
            default: return (attributes["result"] ?? "").lowercased()
            }
        }
    }
}
