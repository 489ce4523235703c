import AlmanacCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads Visual Studio's test results (`.trx`, as `dotnet test --logger trx` and vstest write
/// them) into the records JUnit's reader makes: one per `<UnitTestResult>`. A result names its
/// test by id; the test's class is in `<TestDefinitions>`, which comes after the results, so
/// classes are filled in once the file is read. Outcomes: `Passed` (and `PassedButRunAborted`,
/// `Warning`, `Completed`) passed, `Failed` failed, `NotExecuted`, `Inconclusive` and `Pending`
/// skipped, and `Timeout`, `Aborted`, `Error`, `NotRunnable` and `Disconnected` errors. A
/// data-driven test writes a result per data row inside its own (`<InnerResults>`): the rows are
/// its runs, and the outer result, which sums them up, is never counted beside them.
struct TRXReader {
    func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> TestResults {
        let collector = Collector(path: path)
        try ResultsXML.parse(bytes, path: path, format: "TRX", collector: collector)
        let records = collector.results.map { result in
            var test = result.test
            if let definition = collector.definitions[result.testId] {
                test.classname = definition
                test.suite = definition
            }
            return test.record(at: result.location)
        }
        return TestResults(records: records, name: nil)
    }

    final class Collector: ResultsXML.Collector {
        typealias Result = (test: TestCase, testId: String, location: SourceLocation)
        var results: [Result] = []
        /// Each test's class, by the test's id.
        var definitions: [String: String] = [:]
        /// The results being read, the innermost (a data row) last, each with whether it
        /// held rows of its own.
        private var open: [(result: Result, hasRows: Bool)] = []
        private var current: Result? {
            get { open.last?.result }
            set { if let newValue, !open.isEmpty { open[open.count - 1].result = newValue } }
        }
        private var definitionId: String?
        private var reading: [String] = []

        override var isCollectingText: Bool { !open.isEmpty }

        override func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard acceptsRoot(name, ["TestRun"], format: "TRX's <TestRun>", parser) else { return }
            switch name {
            case "UnitTestResult":
                if !open.isEmpty { open[open.count - 1].hasRows = true }
                var test = TestCase(suite: nil, classname: nil, name: attributes["testName"] ?? "", status: Self.status(attributes["outcome"]))
                test.time = TestCase.seconds(attributes["duration"].flatMap(Self.seconds))
                open.append(((test, attributes["testId"] ?? open.last?.result.testId ?? "", location(parser)), false))
                reading = []
            case "UnitTest":
                definitionId = attributes["id"]
            case "TestMethod":
                if let definitionId, let className = attributes["className"] {
                    // `Acme.Tests.CalcTests, Acme.Tests, Version=…` in older files: the class alone.
                    definitions[definitionId] = String(className.split(separator: ",").first ?? Substring(className))
                }
            default:
                guard !open.isEmpty else { return }
                reading.append(name)
                text = ""
            }
        }

        override func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            switch name {
            case "UnitTestResult":
                if let (result, hasRows) = open.popLast(), !hasRows { results.append(result) }
                reading = []
            case "UnitTest":
                definitionId = nil
            default:
                guard !open.isEmpty, reading.last == name else { return }
                switch name {
                case "Message": current?.test.message = TestCase.nonEmpty(text)
                case "StackTrace": current?.test.details = TestCase.nonEmpty(text)
                case "StdOut", "StdErr":
                    if let output = TestCase.nonEmpty(text) {
                        let before = current?.test.output
                        current?.test.output = [before, output].compactMap { $0 }.joined(separator: "\n")
                    }
                default: break
                }
                _ = reading.popLast()
                text = ""
            }
        }

        static func status(_ outcome: String?) -> String {
            switch outcome {
            case "Passed", "PassedButRunAborted", "Warning", "Completed": return "passed"
            case "Failed": return "failed"
            case "NotExecuted", "Inconclusive", "Pending", "InProgress": return "skipped"
            case "Timeout", "Aborted", "Error", "NotRunnable", "Disconnected": return "error"
            default: return (outcome ?? "").lowercased()
            }
        }

        /// `00:01:02.5000000` → 62.5.
        static func seconds(_ text: String) -> Double? {
            let parts = text.split(separator: ":")
            guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]), let seconds = Double(parts[2]) else {
                return nil
            }
            return hours * 3600 + minutes * 60 + seconds
        }
    }
}
