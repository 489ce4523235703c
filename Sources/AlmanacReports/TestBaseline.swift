import AlmanacCore
import AlmanacLoad

/// An earlier run's tests, read from the JSON twin `render` wrote of it: the baseline a run is
/// compared with (`--baseline FILE`). The twin is the interface, so any report Almanac wrote,
/// kept as a CI artifact or in a cache, is a baseline for the next.
///
/// Its shape, as the README documents it: `{"sections": [{"rows": [{"label": …, "fields":
/// {"classname": …, "suite": …, "name": …, "status": …, "time": …, "run": …}}]}]}`.
public struct TestBaseline: Sendable {
    public struct Test: Sendable {
        public var label: String
        public var status: String
        public var time: Double?
    }

    /// The tests by their identity (`TestBaseline.identity`), and that order.
    public var tests: [String: Test] = [:]
    public var order: [String] = []

    /// A test is the same test from run to run by its class (else its suite) and its name, and
    /// the shard it ran in where they are labelled (`--label-by`): a suite's name may carry a
    /// time stamp, and a time or a message changes every run. A test run more than once is
    /// compared run by run (`repeat`: the second run with the second run before).
    public static func identity(classname: String?, suite: String?, name: String, run: String?, repetition: String? = nil) -> String {
        let owner = (classname?.isEmpty == false ? classname : suite) ?? ""
        let test = (run ?? "") + "\u{1F}" + owner + "\u{1F}" + name
        return repetition.map { test + "\u{1F}" + $0 } ?? test
    }

    public static func identity(of record: Record) -> String {
        let values = record.values(["classname", "suite", "name", "run", "repeat"])
        return identity(
            classname: values[0]?.text, suite: values[1]?.text, name: values[2]?.text ?? "", run: values[3]?.text,
            repetition: values[4].flatMap { $0 == .null ? nil : $0.text })
    }

    /// Reads `path`; nil when the file does not exist (a first run has no baseline), which the
    /// caller says in a warning.
    public static func read(_ path: String, fileSystem: any FileSystem) throws(Diagnostic) -> TestBaseline? {
        guard fileSystem.exists(path) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.read(path)
        } catch {
            throw .error(at: SourceLocation(path: path), "cannot read the baseline: \((error as? FileSystemError)?.message ?? "\(error)")")
        }
        let document = try JSONReader().read(bytes, path: path)
        guard case .object(let root) = document, case .list(let sections)? = root["sections"] else {
            throw notAReport(path)
        }
        var baseline = TestBaseline()
        for section in sections {
            guard case .object(let section) = section, case .list(let rows)? = section["rows"] else { throw notAReport(path) }
            for row in rows {
                guard case .object(let row) = row, case .object(let fields)? = row["fields"], let status = fields["status"]?.text
                else { throw notAReport(path) }
                let name = fields["name"]?.text ?? row["label"]?.text ?? ""
                let key = identity(
                    classname: fields["classname"]?.text, suite: fields["suite"]?.text, name: name, run: fields["run"]?.text,
                    repetition: fields["repeat"].flatMap { $0 == .null ? nil : $0.text })
                let time: Double? = if case .number(let number)? = fields["time"] { number.value } else { nil }
                if baseline.tests.updateValue(Test(label: row["label"]?.text ?? name, status: status, time: time), forKey: key) == nil {
                    baseline.order.append(key)
                }
            }
        }
        return baseline
    }

    private static func notAReport(_ path: String) -> Diagnostic {
        .error(
            at: SourceLocation(path: path), "this is not a test report's JSON: no sections of rows with a status",
            hint: "give --baseline the .json that an earlier `almanac render` of test results wrote")
    }
}
