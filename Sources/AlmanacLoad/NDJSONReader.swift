import AlmanacCore

/// Reads newline-delimited JSON (NDJSON, JSON Lines): one object per line, blank lines skipped.
/// Errors name the line, so a log-style file with one bad record is easy to fix.
public struct NDJSONReader {
    public init() {}

    public func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> [Record] {
        try TextInput.validateUTF8(bytes, path: path)
        let reader = JSONReader()
        var records = RecordTable.Builder()
        var start = TextInput.contentStart(bytes)
        var line = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let isBlank = bytes[start..<end].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if !isBlank {
                let value = try reader.readLine(bytes, path: path, start: start, end: end)
                let location = SourceLocation(path: path, line: line, column: 1)
                guard case .object(let object) = value else {
                    throw .error(at: location, "each NDJSON line must be an object, found \(value.kindName)")
                }
                records.append(object, at: location)
            }
            start = end + 1
            line += 1
        }
        return records.finish()
    }
}

