import AlmanacCore

/// A data file of gigabytes is read a window at a time: the window is scanned for where
/// elements of the top-level array end (the same quick pass as `arrayChunks`, its state —
/// nesting, inside a string — carried from one window to the next), the whole elements are
/// parsed into records on every core, and only the unfinished tail is kept for the next
/// window. The file and its records are then never in memory together.
///
/// Anything but a well-formed array of records gives up (nil), and the caller reads the file
/// whole, where the serial parser decides what is wrong and where, as for any other file.
extension JSONReader {
    /// The bytes the caller reads at a time.
    public static let windowBytes = 64 << 20

    /// `pieces` reads the file, handing each piece to the function it is given. With `spill`,
    /// the records keep only the fields named `kept` in memory (see `RecordTable`).
    public func streamRecords(
        path: String, keeping kept: Set<String>? = nil, spill: SpillFile? = nil, pieces: (([UInt8]) -> Void) throws -> Void
    ) rethrows -> [Record]? {
        var stream = Stream(path: path, kept: kept, spill: spill)
        try pieces { piece in stream.take(piece) }
        return stream.finish()
    }

    struct Stream {
        let path: String
        let kept: Set<String>?
        let spill: SpillFile?
        /// The bytes not yet parsed: the unfinished tail of the last window, then the new one.
        var buffer: [UInt8] = []
        /// How far `buffer` has been scanned, and the scan's state there.
        var scanned = 0
        var depth = 0
        var inString = false
        var escaped = false
        /// Where the next chunk of elements begins, once the opening bracket has been seen.
        var chunkStart: Int?
        var closed = false
        var failed = false
        var records: [Record] = []

        init(path: String, kept: Set<String>?, spill: SpillFile?) {
            self.path = path
            self.kept = kept
            self.spill = spill
        }

        mutating func take(_ piece: [UInt8]) {
            guard !failed else { return }
            buffer.append(contentsOf: piece)
            if chunkStart == nil && !open() { return }
            var chunks: [Range<Int>] = []
            scan(into: &chunks)
            guard !failed else { return }
            parse(chunks)
        }

        /// Finds the opening bracket, after a byte-order mark and white space; false while the
        /// buffer holds only those.
        mutating func open() -> Bool {
            if buffer.count < 3 && [0xEF, 0xBB, 0xBF].starts(with: buffer) { return false }  // A mark cut short.
            var index = TextInput.contentStart(buffer)
            while index < buffer.count, Self.isWhitespace(buffer[index]) { index += 1 }
            guard index < buffer.count else { return false }
            guard buffer[index] == UInt8(ascii: "[") else {
                failed = true
                return false
            }
            depth = 1
            chunkStart = index + 1
            scanned = index + 1
            return true
        }

        mutating func scan(into chunks: inout [Range<Int>]) {
            guard var start = chunkStart else { return }
            var index = scanned
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if closed {
                    if !Self.isWhitespace(byte) { failed = true; return }
                } else if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else {
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                    case UInt8(ascii: "]"), UInt8(ascii: "}"):
                        depth -= 1
                        if depth == 0 {
                            chunks.append(start..<index)
                            start = index + 1
                            closed = true
                        }
                    case UInt8(ascii: ","):
                        if depth == 1 && index - start >= JSONReader.chunkBytes {
                            chunks.append(start..<index)
                            start = index + 1
                        }
                    default: break
                    }
                }
                index += 1
            }
            chunkStart = start
            scanned = index
        }

        /// Parses whole chunks on every core and lets their bytes go.
        mutating func parse(_ chunks: [Range<Int>]) {
            guard let last = chunks.last else { return }
            let bytes = buffer, path = path, kept = kept, spill = spill
            if closed, records.isEmpty, chunks.count == 1, bytes[last].allSatisfy(Self.isWhitespace) {
                buffer = []  // `[]`: no records.
                scanned = 0
                chunkStart = 0
                return
            }
            let parts = Parallel.map(chunks) { chunk -> [Record]? in
                guard TextInput.firstInvalidUTF8(bytes, in: chunk) == nil else { return nil }
                var builder = RecordTable.Builder()
                if let kept, let spill { builder = RecordTable.Builder(keeping: kept, spillingTo: spill) }
                return JSONReader.records(in: chunk, of: bytes, path: path, into: builder)
            }
            for part in parts {
                guard let part else {
                    failed = true
                    return
                }
                records.append(contentsOf: part)
            }
            // Keep the tail after the last chunk's comma (or closing bracket).
            let keep = last.upperBound + 1
            buffer = keep < buffer.count ? Array(buffer[keep...]) : []
            scanned -= keep
            chunkStart = (chunkStart ?? keep) - keep
        }

        func finish() -> [Record]? {
            guard !failed, closed, buffer.allSatisfy(Self.isWhitespace) else { return nil }
            return records
        }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }
    }
}
