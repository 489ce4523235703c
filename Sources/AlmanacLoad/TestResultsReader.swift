import AlmanacCore

/// Test results from whichever runner wrote them, each read by its own reader into the same
/// records: JUnit XML (most runners), NUnit 3, xUnit.net v2 and Visual Studio's TRX, told
/// apart by their root element, and CTRF's JSON.
public enum TestResultsReader {
    /// Whether `bytes` are test results: an `.xml` or `.trx` file, or a CTRF `.json` report.
    public static func recognizes(_ bytes: [UInt8], path: String) -> Bool {
        switch DataFormat(path: path) {
        case .testResults?: return true
        case .json?: return CTRFReader.recognizes(bytes)
        default: return false
        }
    }

    /// `warnings`: what the reader noticed that is not an error (a JUnit suite whose counts
    /// disagree with its cases). `repeats`: what a name written twice in a JUnit file means
    /// where its own totals do not say.
    public static func read(
        _ bytes: [UInt8], path: String, repeats: TestRepeats = .runs, warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> TestResults {
        if DataFormat(path: path) == .json { return try CTRFReader().read(bytes, path: path) }
        switch ResultsXML.rootElement(bytes) {
        case "test-run": return try NUnitReader().read(bytes, path: path)
        case "assemblies", "assembly": return try XUnitReader().read(bytes, path: path)
        case "TestRun": return try TRXReader().read(bytes, path: path)
        default: return try JUnitReader().readResults(bytes, path: path, repeats: repeats, warnings: &warnings)
        }
    }
}
