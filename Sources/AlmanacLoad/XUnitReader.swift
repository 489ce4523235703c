import AlmanacCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads xUnit.net v2 results (`<assemblies>`, as `dotnet test --logger xunit` and the xUnit
/// console runner's `-xml` write them) into the records JUnit's reader makes: one per
/// `<test>`, its class the test's `type`. xUnit.net has no errors of its own: a failure whose
/// exception is not one of its assertions (`Xunit.Sdk.…`) is an error, as JUnit counts one.
/// An assembly's own `<errors>` (a fixture that could not be made or cleaned up) are errors too.
struct XUnitReader {
    func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> TestResults {
        let collector = Collector(path: path)
        try ResultsXML.parse(bytes, path: path, format: "xUnit.net XML", collector: collector)
        return TestResults(records: collector.records, name: nil)
    }

    final class Collector: ResultsXML.Collector {
        var records: [Record] = []
        private var assembly: String?
        private var testCase: TestCase?
        private var caseLocation = SourceLocation(path: "")
        private var reading: [String] = []

        override var isCollectingText: Bool { testCase != nil }

        override func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard acceptsRoot(name, ["assemblies", "assembly"], format: "xUnit.net's <assemblies>", parser) else { return }
            switch name {
            case "assembly":
                // `/src/Acme.Tests/bin/Debug/net8.0/Acme.Tests.dll` → `Acme.Tests`
                assembly = attributes["name"].map { Path.fileName(of: Path.removingExtension($0.replacingOccurrences(of: "\\", with: "/"))) }
            case "test":
                caseLocation = location(parser)
                let type = attributes["type"]
                var displayName = attributes["name"] ?? ""
                // The default name is the method's full name: the class is its own column.
                if let type, displayName.hasPrefix(type + ".") { displayName.removeFirst(type.count + 1) }
                var test = TestCase(suite: type ?? assembly, classname: type, name: displayName, status: Self.status(attributes["result"]))
                test.time = TestCase.seconds(attributes["time"].flatMap(Double.init))
                testCase = test
                reading = []
            case "error" where testCase == nil:
                // An assembly's error: a fixture or collection that failed outside any test.
                caseLocation = location(parser)
                testCase = TestCase(
                    suite: assembly, classname: nil, name: "\(attributes["type"] ?? "error") \(attributes["name"] ?? "")".trimmingCharacters(in: .whitespaces),
                    status: "error")
                reading = ["error"]
            default:
                guard testCase != nil else { return }
                reading.append(name)
                if name == "failure", let exception = attributes["exception-type"], !exception.hasPrefix("Xunit.Sdk.") {
                    testCase?.status = "error"
                }
                text = ""
            }
        }

        override func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard testCase != nil else { return }
            if name == "test" || (name == "error" && reading == ["error"]) {
                if let testCase { records.append(testCase.record(at: caseLocation)) }
                testCase = nil
                return
            }
            let parent = reading.dropLast().last
            switch (parent, name) {
            case ("failure", "message"): testCase?.message = TestCase.nonEmpty(text)
            case ("failure", "stack-trace"): testCase?.details = TestCase.nonEmpty(text)
            case (_, "reason"): testCase?.message = TestCase.nonEmpty(text)
            case (_, "output"): testCase?.output = TestCase.nonEmpty(text)
            default: break
            }
            _ = reading.popLast()
            text = ""
        }

        static func status(_ result: String?) -> String {
            switch result {
            case "Pass": return "passed"
            case "Fail": return "failed"
            case "Skip", "NotRun": return "skipped"
            default: return (result ?? "").lowercased()
            }
        }
    }
}
