import AlmanacCore

/// Where a test ran, for reports of many results files (`--label-by file|folder`): a matrix
/// job's shards (`reports/ubuntu/junit.xml`, `reports/windows/junit.xml`) run the same tests,
/// which fold into one row unless each is labelled with its `run`.
public enum TestLabel: String, Sendable, CaseIterable {
    /// The results file's name less its extension: `junit-ubuntu.xml` → `junit-ubuntu`.
    case file
    /// The folder the results file is in: `reports/windows/junit.xml` → `windows`.
    case folder

    public func label(_ records: [Record], path: String) -> [Record] {
        let run: String
        switch self {
        case .file: run = Path.fileName(of: Path.removingExtension(path))
        case .folder: run = Path.fileName(of: Path.directory(of: path)).isEmpty ? "." : Path.fileName(of: Path.directory(of: path))
        }
        var builder = RecordTable.Builder()
        for record in records {
            var fields = record.fields
            fields.set("run", .string(run))
            builder.append(fields, at: record.location)
        }
        return builder.finish()
    }
}
