import AlmanacCore
import AlmanacModel
import Foundation

/// Finds the source file of tests whose report names only their class: pytest's default
/// `xunit2` family and Maven Surefire write `classname` and no `file`, and a failure with no
/// file cannot be shown on the diff. A class name is a path in disguise (`tests.test_x.TestY`
/// is in `tests/test_x.py`, `com.acme.FooTest` in `src/test/java/com/acme/FooTest.java`), so the
/// likely paths are tried against the folder the job runs in, and the first that exists is
/// taken. A guess that finds no file finds nothing: the row keeps no `file`.
public struct TestSources {
    public let fileSystem: any FileSystem
    private var found: [Key: String?] = [:]

    private struct Key: Hashable {
        let roots: [String]
        let classname: String
    }

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// `records` with `file` filled in where it was missing and a file was found; the others
    /// as they were. Only the records that change are decoded whole: a report is mostly
    /// passing tests whose class was looked up once.
    public mutating func locate(_ records: [Record], reportPath: String) -> [Record] {
        var found: [Int: String] = [:]
        let roots = Self.roots(reportPath: reportPath)
        for (index, record) in records.enumerated() {
            let values = record.values(["file", "classname"])
            guard values[0]?.text.isEmpty ?? true else { continue }
            let classname = values[1]?.text ?? ""
            let byClass = classname.isEmpty ? nil : file(forClass: classname, roots: roots)
            // Only a failure's traceback is read: it is where an annotation goes.
            let byTrace = byClass == nil && PageSettings.isFailing(record) ? record["details"].flatMap { file(fromTrace: $0.text, classname: classname) } : nil
            if let file = byClass ?? byTrace { found[index] = file }
        }
        guard !found.isEmpty else { return records }
        var builder = RecordTable.Builder()
        for (index, record) in records.enumerated() {
            var fields = record.fields
            if let file = found[index] { fields.set("file", .string(file)) }
            builder.append(fields, at: record.location)
        }
        return builder.finish()
    }

    /// The first candidate that exists, asked once per class and set of folders.
    public mutating func file(forClass classname: String, roots: [String]) -> String? {
        let key = Key(roots: roots, classname: classname)
        if let known = found[key] { return known }
        let candidates = roots.flatMap { root in Self.candidates(classname: classname).map { root.isEmpty ? $0 : Path.join(root, $0) } }
        let file = candidates.first { fileSystem.exists($0) && !fileSystem.isDirectory($0) }
        found[key] = .some(file)
        return file
    }

    /// The job's folder, absolute, and the Go module it holds (`module` in `go.mod`), read once.
    private var workspace: (folder: String, goModule: String?)?

    /// The first file a traceback names that is in the job's folder: a frame's absolute path
    /// under it (Jest's `(/home/runner/work/acme/acme/src/calc.test.js:9:19)`, .NET's `in
    /// /src/Acme.Tests/CalcTests.cs:line 21` where the job runs in `/src`), a relative path
    /// that exists, or Go's bare `calc_test.go:13` in the folder its package is. Dependencies
    /// (`node_modules`, `vendor`, `site-packages`) are not the test's file.
    public mutating func file(fromTrace details: String, classname: String) -> String? {
        if workspace == nil {
            let folder = fileSystem.resolved(".")
            let goModule = (try? fileSystem.read("go.mod")).flatMap { bytes in
                String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                    .first { $0.hasPrefix("module ") }.map { String($0.dropFirst(7).trimmingCharacters(in: .whitespaces)) }
            }
            workspace = (folder, goModule)
        }
        guard let workspace else { return nil }
        for token in details.prefix(20_000).split(whereSeparator: { " \t\n\r()[]\"'".contains($0) }) {
            guard let path = Self.framePath(token), !path.contains("/node_modules/"), !path.contains("/vendor/"), !path.contains("site-packages/")
            else { continue }
            var candidate = path
            if path.hasPrefix("/") {
                guard path.hasPrefix(workspace.folder + "/") else { continue }
                candidate = String(path.dropFirst(workspace.folder.count + 1))
            } else if !path.contains("/"), let module = workspace.goModule, classname == module || classname.hasPrefix(module + "/") {
                let package = classname.dropFirst(module.count).drop { $0 == "/" }
                candidate = package.isEmpty ? path : package + "/" + path
            }
            if candidate.split(separator: "/").contains("..") { continue }
            if fileSystem.exists(candidate) && !fileSystem.isDirectory(candidate) { return candidate }
        }
        return nil
    }

    /// The path in a frame token: `src/a.js:9:19` → `src/a.js`, `/x/A.cs:line` → `/x/A.cs`,
    /// `file:///x/a.mjs:9:10` → `/x/a.mjs`;
    /// nil for a token that names no file with a line.
    public static func framePath(_ token: Substring) -> String? {
        // An ES module's frame names its file by URL (Node: `file:///home/runner/x.test.mjs:9:10`).
        let token = token.hasPrefix("file:///") ? token.dropFirst(7) : token
        guard let colon = token.firstIndex(of: ":") else { return nil }
        let path = token[..<colon]
        let rest = token[token.index(after: colon)...]
        guard rest.first?.isNumber == true || rest.isEmpty || rest.hasPrefix("line"), path.contains("."),
            let last = path.split(separator: "/").last, last.contains("."), !last.hasPrefix(".")
        else { return nil }
        return String(path)
    }

    /// The folders a class's path is relative to: a Maven or Gradle module's own (the folder
    /// above `target/surefire-reports` or `build/test-results`), then the one the job runs in.
    public static func roots(reportPath: String) -> [String] {
        var roots: [String] = []
        for marker in ["target/surefire-reports", "target/failsafe-reports", "build/test-results"] {
            let padded = "/" + reportPath
            if let range = padded.range(of: "/" + marker + "/"), range.lowerBound > padded.startIndex {
                roots.append(String(padded[padded.index(after: padded.startIndex)..<range.lowerBound]))
            }
        }
        return roots + [""]
    }

    /// Paths `classname` may be written in, most specific first: each dotted prefix as a
    /// Python module, then the whole name (less a nested class's `$Inner`) under the source
    /// folders of Maven and Gradle for Java, Kotlin, Groovy and Scala.
    public static func candidates(classname: String) -> [String] {
        let outer = classname.split(separator: "$", maxSplits: 1).first.map(String.init) ?? classname
        let parts = outer.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ Self.isIdentifier($0) }) else { return [] }
        var paths: [String] = []
        for count in stride(from: parts.count, through: 1, by: -1) {
            paths.append(parts.prefix(count).joined(separator: "/") + ".py")
        }
        let path = parts.joined(separator: "/")
        for (folder, suffix) in [("java", "java"), ("kotlin", "kt"), ("java", "kt"), ("groovy", "groovy"), ("scala", "scala")] {
            paths.append("src/test/\(folder)/\(path).\(suffix)")
        }
        return paths
    }

    /// A name a module or class can have: no path separators, no `..`, nothing a shell or a
    /// path would read otherwise, so a report cannot point the search outside the job's folder.
    private static func isIdentifier(_ part: String) -> Bool {
        guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
