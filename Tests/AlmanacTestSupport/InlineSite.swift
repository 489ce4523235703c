import AlmanacCore

/// A small site written inline in a test, one file per `-- path --` block, in the style of
/// txtar: the whole fixture reads top to bottom in one string.
///
///     -- Content/states.csv --
///     name,capital
///     Texas,Austin
public enum InlineSite {
    public static func files(_ text: String) -> [String: String] {
        var files: [String: String] = [:]
        var current: String?
        var lines: [Substring] = []
        func flush() {
            if let current { files[current] = lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n") }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- ") && line.hasSuffix(" --") && line.count > 6 {
                flush()
                current = String(line.dropFirst(3).dropLast(3))
                lines = []
            } else if current != nil {
                lines.append(line)
            }
        }
        flush()
        return files
    }

    public static func fileSystem(_ text: String) -> MemoryFileSystem {
        MemoryFileSystem(files(text))
    }

    /// One page reading one data file: `Content/<page>.md` with `data:` and `settings` in its
    /// front matter, the data file's text, and any more files (`-- path --` blocks) after.
    public static func page(_ page: String, data: String, settings: String, text: String, more: String = "") -> MemoryFileSystem {
        fileSystem("""
            -- Content/\(page).md --
            ---
            data: \(data)
            \(settings)
            ---
            -- Content/\(data) --
            \(text)
            \(more)
            """)
    }
}

extension MemoryFileSystem {
    /// A file's text, or nil.
    public func text(_ path: String) -> String? {
        allFiles[path].map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file below `folder`, by path relative to it.
    public func tree(_ folder: String) -> [String: [UInt8]] {
        let prefix = folder + "/"
        return allFiles.filter { $0.key.hasPrefix(prefix) }.reduce(into: [:]) { result, entry in
            result[String(entry.key.dropFirst(prefix.count))] = entry.value
        }
    }
}

/// The diagnostic a piece of code throws, or nil when it succeeds or throws something else.
public func diagnostic(_ body: () throws -> Void) -> Diagnostic? {
    do {
        try body()
        return nil
    } catch let error as Diagnostic {
        return error
    } catch let list as DiagnosticList {
        return list.diagnostics.first
    } catch {
        return nil
    }
}
