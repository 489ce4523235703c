import AlmanacCore
import AlmanacLoad
import AlmanacModel

/// A content page as read from the disk, once: its file, its front matter and settings, and
/// its data file's bytes. The cache keys and the model are both made from these bytes, so a
/// page is never read or parsed twice.
public struct PageSource: Sendable {
    /// A page to build: the Markdown file and the output name chosen for it.
    public struct Location: Sendable {
        public let path: String
        public let name: String

        public init(path: String, name: String) {
            self.path = path
            self.name = name
        }
    }

    public let location: Location
    public let frontMatter: FrontMatter
    public let settings: PageSettings
    /// The data file's path and bytes, when the page names one; the bytes are let go once
    /// parsed (`parseData`), since the model of a large table needs the memory. A JSON file
    /// larger than one window of `JSONReader.windowBytes` is not held at all (`isStreamed`):
    /// it is read again, a window at a time, when parsed.
    public private(set) var data: (path: String, bytes: [UInt8])?
    private let isStreamed: Bool
    /// A fingerprint of the data file's bytes, read in windows.
    private let dataDigest: String
    private let fileSystem: any FileSystem
    /// A fingerprint of every byte the page is made from (with the site's own, `global`):
    /// equal between two builds exactly when nothing the page reads changed.
    public let key: String
    /// What the page file says that cannot be what its author meant (`PageFile.warnings`).
    public let warnings: [Diagnostic]

    public var name: String { location.name }

    public init(_ location: Location, fileSystem: any FileSystem, boundary: SiteBoundary, global: String) throws(Diagnostic) {
        let file = try PageFile(path: location.path, fileSystem: fileSystem)
        self.location = location
        frontMatter = file.frontMatter
        settings = file.settings
        warnings = file.warnings
        self.fileSystem = fileSystem
        if let name = settings.data {
            let read = try Self.readData(name, page: location.path, fileSystem: fileSystem, boundary: boundary, referencedAt: file.dataLocation)
            data = (read.path, read.bytes ?? [])
            isStreamed = read.bytes == nil
            dataDigest = read.digest
        } else {
            data = nil
            isStreamed = false
            dataDigest = ""
        }
        key = ContentHash.fingerprint([Array(global.utf8), Array(location.name.utf8), file.bytes, Array(dataDigest.utf8)])
    }

    /// A data file's bytes, or none for a large JSON file, which is parsed as it is read again;
    /// and their fingerprint (a JSON file's, of its windows).
    private static func read(_ path: String, fileSystem: any FileSystem) throws -> (bytes: [UInt8]?, digest: String) {
        guard DataFormat(path: path) == .json else {
            let bytes = try fileSystem.read(path)
            return (bytes, ContentHash.fingerprint([bytes]))
        }
        var digests: [[UInt8]] = []
        var first: [UInt8] = []
        try fileSystem.read(path, inPiecesOf: JSONReader.windowBytes) { piece in
            digests.append(Array(ContentHash.fingerprint([piece]).utf8))
            first = digests.count == 1 ? piece : []
        }
        return (digests.count == 1 ? first : nil, ContentHash.fingerprint(digests))
    }

    /// Reads a data file named in front matter, relative to the page and inside the site.
    public static func readData(
        _ name: String, page: String, fileSystem: any FileSystem, boundary: SiteBoundary, referencedAt location: SourceLocation
    ) throws(Diagnostic) -> (path: String, bytes: [UInt8]?, digest: String) {
        let path = name.hasPrefix("/") ? name : Path.join(Path.directory(of: page), name)
        guard boundary.isReadable(path) else {
            throw .error(at: location, "the data file '\(name)' is outside the site", hint: SiteBoundary.outsideHint)
        }
        do {
            let read = try Self.read(path, fileSystem: fileSystem)
            return (path, read.bytes, read.digest)
        } catch {
            let reason = (error as? FileSystemError)?.message ?? "\(error)"
            throw .error(at: location, "cannot read the data file '\(name)': \(reason)", hint: "the path is relative to \(Path.fileName(of: page))")
        }
    }

    /// The prose, read by cmark: once per build of a page that is not kept whole.
    public func readProse() -> Prose {
        PageFile.prose(frontMatter.body)
    }

    /// Keys of the page's parts, for units that depend on less than the whole page.
    public struct PartKeys: Sendable {
        /// The page's name and settings: what each of its detail pages shares, beside its own
        /// row (`PageOutputs.detailInputs`).
        public let settings: String
        /// Settings, data and prose headings: what section pages, search data and the JSON
        /// twin depend on (headings take anchors that section ids then avoid).
        public let details: String
        /// Those, and whether there is prose: what fixes the listing around the prose.
        public let layout: String
        /// Everything, prose included: the listing in each document format.
        public let listing: String
        /// Name, settings and prose headings, without the data: what a split page's section
        /// pages share, beside the rows each lists.
        public let shape: String

        /// One key for every part: a page made whole, with no earlier build to keep parts of
        /// (`almanac render`).
        public init(whole key: String) {
            (settings, details, layout, listing, shape) = (key, key, key, key, key)
        }

        init(settings: String, details: String, layout: String, listing: String, shape: String) {
            (self.settings, self.details, self.layout, self.listing, self.shape) = (settings, details, layout, listing, shape)
        }
    }

    /// Site-wide inputs are not part of these: a cache is only used when they are unchanged.
    public func partKeys(prose: Prose) -> PartKeys {
        let settingsBytes = Array(JSONWriter(pretty: false).write(.object(frontMatter.settings)).utf8)
        let settings = ContentHash.fingerprint([Array(name.utf8), settingsBytes])
        let details = ContentHash.fingerprint(
            [Array(name.utf8), settingsBytes, Array(dataDigest.utf8)] + prose.headings.map { Array($0.utf8) })
        let layout = ContentHash.fingerprint([Array(details.utf8), Array((prose.isEmpty ? "" : "prose").utf8)])
        let listing = ContentHash.fingerprint([Array(layout.utf8), Array(frontMatter.body.utf8)])
        let shape = ContentHash.fingerprint([Array(name.utf8), settingsBytes] + prose.headings.map { Array($0.utf8) })
        return PartKeys(settings: settings, details: details, layout: layout, listing: listing, shape: shape)
    }

    /// A fingerprint of what parsing the data file depends on: its path and bytes, and the
    /// settings the reader takes (`columns`, `key`, the fields a streamed file keeps in memory).
    /// Nil for a page without data. Equal keys parse to the same records, so `serve` may reuse
    /// a page's parsed data across an edit of its front matter or prose.
    public var parseKey: String? {
        guard let data else { return nil }
        let fields = !isStreamed ? ["whole"] : settings.fieldsReadPerRow.map { ["some"] + $0.sorted() } ?? ["all"]
        let columns = settings.columns.map { ["some"] + $0 } ?? ["none"]
        let table = [settings.comment ?? "\u{1}", settings.shortRowsAreEmpty ? "empty" : "error"]
        let parts = [data.path, dataDigest, settings.key, settings.records ?? "\u{1}"] + table + columns + ["\u{0}"] + fields
        return ContentHash.fingerprint(parts.map { Array($0.utf8) })
    }

    /// The data file's records, parsed from the bytes already read, which are then let go:
    /// take the keys (`partKeys`) first. A large file's records keep only the fields the page
    /// reads per row in memory, the rest in a spill file made in `spillFolder`.
    public mutating func parseData(warnings: inout [Diagnostic], spillFolder: String? = nil) throws(Diagnostic) -> DatasetShape? {
        guard let data else { return nil }
        self.data = (data.path, [])
        if isStreamed {
            let path = data.path, fileSystem = fileSystem
            // Records inside a wrapping object are found in the whole document, read below.
            let kept = settings.fieldsReadPerRow
            let spill = kept == nil ? nil : spillFolder.flatMap { try? SpillFile(in: $0) }
            let records = settings.records != nil ? nil : try? JSONReader().streamRecords(path: path, keeping: kept, spill: spill) { take in
                try fileSystem.read(path, inPiecesOf: JSONReader.windowBytes, take)
            }
            if let records { return .rows(records) }
            // Not an array of records, or unreadable now: read whole, for the model to decide
            // and the parser to say where it is wrong.
            let bytes: [UInt8]
            do {
                bytes = try fileSystem.read(path)
            } catch {
                throw .error(at: SourceLocation(path: path), "cannot read the data file: \(error)")
            }
            return try Self.load(bytes, path: path, settings: settings, warnings: &warnings)
        }
        return try Self.load(data.bytes, path: data.path, settings: settings, warnings: &warnings)
    }

    /// The page's model, from its parsed data and its prose.
    public func model(prose: Prose, data shape: DatasetShape?, site: SiteSettings, strings: StringsCatalog = .builtIn) throws(Diagnostic) -> PageBuilder.Result {
        var settings = self.settings
        if settings.title == nil {
            settings.title = name == "index" ? site.title : Self.titleFromName(name)
        }
        let input = PageBuilder.Input(
            name: name, settings: settings, prose: prose, data: shape, source: SourceLocation(path: location.path),
            defaultLocale: site.locale, strings: strings)
        return try PageBuilder().build(input)
    }

    /// A data file's records, read as the page says its file is written.
    public static func load(_ bytes: [UInt8], path: String, settings: PageSettings, warnings: inout [Diagnostic]) throws(Diagnostic) -> DatasetShape {
        let format = DataFormat(path: path)
        let isTable = format == .csv || format == .tsv
        let table = CSVReader.Options(comment: settings.comment, columns: isTable ? settings.columns : nil, shortRowsAreEmpty: settings.shortRowsAreEmpty)
        for (key, given) in [("comment", settings.comment != nil), ("short_rows", settings.keyLocations["short_rows"] != nil)] where given && !isTable {
            warnings.append(.warning(
                at: settings.keyLocations[key], "'\(key)' has no effect: it says how a CSV or TSV file is written",
                hint: "remove it; this data file is .\(Path.fileExtension(of: path))"))
        }
        return try shape(DataReader.read(bytes, path: path, table: table, warnings: &warnings), settings: settings, warnings: &warnings)
    }

    /// The records of a parsed data file, from where `records:` says they are; a document read
    /// as pre-grouped sections while that is likely not what the page meant is a warning.
    public static func shape(_ loaded: LoadedData, settings: PageSettings, warnings: inout [Diagnostic]) throws(Diagnostic) -> DatasetShape {
        switch loaded {
        case .records(let records):
            if settings.records != nil {
                warnings.append(.warning(
                    at: settings.keyLocations["records"], "'records' has no effect: this data file is one list of records",
                    hint: "remove it; it names where the records are in a JSON, YAML or property-list document"))
            }
            return .rows(records)
        case .document(let value, let location):
            guard let path = settings.records else {
                let shape = try DatasetShape.of(value, at: location, columns: settings.columns, keyField: settings.key)
                if let warning = RecordsPath.preGroupedWarning(value, shape: shape, settings: settings, at: location) { warnings.append(warning) }
                return shape
            }
            let inner = try RecordsPath.find(path, in: value, at: settings.keyLocations["records"] ?? location)
            return try DatasetShape.of(inner, at: location, columns: settings.columns, keyField: settings.key)
        }
    }

    /// `us-states` → `Us states`: a readable default title for a page without one.
    public static func titleFromName(_ name: String) -> String {
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
