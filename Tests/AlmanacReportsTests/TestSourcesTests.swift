@testable import AlmanacReports
import AlmanacCore
import AlmanacLoad
import AlmanacTestSupport
import Testing

/// A test whose report names only its class is found in the file its class name spells.
@Suite struct TestSourcesTests {
    @Test func pythonClassNamesTryEachModulePrefix() {
        let candidates = TestSources.candidates(classname: "tests.test_parser.TestParser")
        #expect(Array(candidates.prefix(3)) == ["tests/test_parser/TestParser.py", "tests/test_parser.py", "tests.py"])
    }

    @Test func javaClassNamesAreUnderMavensTestSources() {
        let candidates = TestSources.candidates(classname: "com.acme.FooTest$WhenEmpty")
        #expect(candidates.contains("src/test/java/com/acme/FooTest.java"))
        #expect(candidates.contains("src/test/kotlin/com/acme/FooTest.kt"))
        #expect(!candidates.contains { $0.contains("$") })
    }

    /// A class name is data from a file: it may not walk out of the job's folder.
    @Test(arguments: ["..", "a..b", "/etc/passwd", "a/b", "", "1abc.x", "a b"])
    func namesThatAreNotIdentifiersFindNothing(classname: String) {
        #expect(TestSources.candidates(classname: classname).isEmpty)
    }

    @Test func aMavenModulesReportsLookInTheModuleFirst() {
        #expect(TestSources.roots(reportPath: "billing/target/surefire-reports/TEST-x.xml") == ["billing", ""])
        #expect(TestSources.roots(reportPath: "target/surefire-reports/TEST-x.xml") == [""])
        #expect(TestSources.roots(reportPath: "reports/junit.xml") == [""])
    }

    @Test func aRowWithoutAFileGetsTheFirstThatExists() throws {
        let fileSystem = MemoryFileSystem(["tests/test_parser.py": "x", "billing/src/test/java/com/acme/FooTest.java": "x"])
        let records = [
            record(["classname": "tests.test_parser.TestParser"]),
            record(["classname": "com.acme.FooTest"]),
            record(["classname": "tests.test_gone"]),
            record(["classname": "tests.test_parser", "file": "given.py"]),
        ]
        var sources = TestSources(fileSystem: fileSystem)
        let located = sources.locate(records, reportPath: "billing/target/surefire-reports/TEST-com.acme.FooTest.xml")
        #expect(located.map { $0["file"]?.text ?? "-" } == [
            "tests/test_parser.py", "billing/src/test/java/com/acme/FooTest.java", "-", "given.py",
        ])
        #expect(located.map(\.location) == records.map(\.location))
    }

    func record(_ fields: [String: String]) -> Record {
        var object = Object()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { object.set(name, .string(value)) }
        return Record(fields: object, location: SourceLocation(path: "r.xml", line: fields.count, column: 1))
    }
}
