import AlmanacCore

/// What a data file holds once read: either a flat table of records (CSV, TSV, NDJSON) or a
/// document (JSON, YAML, property list) whose shape — array of rows, pre-grouped sections,
/// rows keyed by label — the model decides with the page's settings.
public enum LoadedData: Sendable {
    case records([Record])
    case document(Value, SourceLocation)
}

/// The data formats Almanac reads, chosen by file extension.
public enum DataFormat: String, Sendable, CaseIterable {
    case json, ndjson, csv, tsv, yaml, propertyList = "plist", testResults = "xml"

    public init?(path: String) {
        switch Path.fileExtension(of: path) {
        case "json": self = .json
        case "ndjson", "jsonl": self = .ndjson
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "yaml", "yml": self = .yaml
        case "plist": self = .propertyList
        case "xml", "trx": self = .testResults
        default: return nil
        }
    }

    public static let extensionList =
        "json, ndjson, jsonl, csv, tsv, yaml, yml, plist, xml (test results: JUnit, NUnit 3, xUnit.net), trx (Visual Studio test results)"
}

/// Reads a data file in whichever format its extension names.
public enum DataReader {
    public static func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedData {
        var warnings: [Diagnostic] = []
        return try read(bytes, path: path, warnings: &warnings)
    }

    /// `warnings`: what a reader noticed that is not an error (a JUnit suite whose counts
    /// disagree with its cases).
    /// `table`: how a CSV or TSV file is written, where the page says (`comment`, `columns`,
    /// `short_rows`).
    public static func read(
        _ bytes: [UInt8], path: String, table: CSVReader.Options = CSVReader.Options(), warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> LoadedData {
        guard let format = DataFormat(path: path) else {
            throw .error(
                at: SourceLocation(path: path), "unknown data format '.\(Path.fileExtension(of: path))'",
                hint: "supported: \(DataFormat.extensionList)")
        }
        let start = SourceLocation(path: path)
        switch format {
        case .json:
            // A CTRF test report is test results, as its runner meant.
            if CTRFReader.recognizes(bytes) { return .records(try CTRFReader().read(bytes, path: path).records) }
            return try JSONReader().load(bytes, path: path)
        case .ndjson: return .records(try NDJSONReader().read(bytes, path: path))
        case .csv: return .records(try CSVReader(options: table).read(bytes, path: path))
        case .tsv: return .records(try CSVReader.tsv(table).read(bytes, path: path))
        case .yaml: return .document(try YAMLReader().read(bytes, path: path).value, start)
        case .propertyList: return .document(try PropertyListReader().read(bytes, path: path), start)
        case .testResults: return .records(try TestResultsReader.read(bytes, path: path, warnings: &warnings).records)
        }
    }
}
