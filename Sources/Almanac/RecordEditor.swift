import AlmanacCore
import AlmanacSource
import AlmanacEdit
import AlmanacLoad
import AlmanacModel

/// `almanac add` and `remove` with the page that uses the data file: its `key:`, `columns:`
/// and label say how the file's records read, and the edit is checked against them. The page
/// is the one `--page` names, else the site's page whose `data:` is the file — found through
/// `SiteSource`, as the build finds it, so an edit says when the build would refuse the file.
public struct RecordEditor: Sendable {
    public struct Request: Sendable {
        public var dataPath: String?
        public var pagePath: String?
        public var contentPath = "Content"
        /// `--columns`: a keyed file's list positions, when no page names them.
        public var columns: [String]?
        public var edit = DataFileEdit.Options()
        /// Warnings are errors, and nothing is written.
        public var isStrict = false

        public init() {}
    }

    /// What an edit did, and what it noticed that is not an error.
    public struct Edited: Sendable {
        public let path: String
        public let outcome: DataFileEdit.Outcome
        public let warnings: [Diagnostic]
    }

    public let request: Request
    public let fileSystem: any FileSystem

    public init(request: Request, fileSystem: any FileSystem = DiskFileSystem()) {
        self.request = request
        self.fileSystem = fileSystem
    }

    public func add(_ assignments: [(name: String, value: String)]) throws(Diagnostic) -> Edited {
        let (path, options, warnings) = try resolve()
        return Edited(path: path, outcome: try DataFileEdit(fileSystem: fileSystem, options: options).add(to: path, assignments), warnings: warnings)
    }

    public func remove(where conditions: [(name: String, value: String)]) throws(Diagnostic) -> Edited {
        let (path, options, warnings) = try resolve()
        return Edited(path: path, outcome: try DataFileEdit(fileSystem: fileSystem, options: options).remove(from: path, where: conditions), warnings: warnings)
    }

    /// The list an edit goes into when the page names where its records are (`records:`): a
    /// top-level key is edited as the section of that name; a deeper path is refused rather
    /// than edited somewhere else.
    static func section(forRecords records: String, given: String?, page: PageFile?) throws(Diagnostic) -> String {
        let location = page?.frontMatter.keyLocations["records"]
        guard !records.contains(".") else {
            throw .error(
                at: location, "add and remove edit a list at the top of the file or under one of its keys; '\(records)' lies deeper",
                hint: "edit this file by hand, or keep its records under one top-level key")
        }
        if let given, given != records {
            throw .error(at: nil, "--section \(given) is not where the page's records are ('\(records)')", hint: "leave --section out")
        }
        return records
    }

    /// The editors take a document's top-level lists as its sections; records under one key
    /// of an object that holds other things too are refused here, plainly, rather than read
    /// as something else.
    func checkEditable(records: String, in dataPath: String, page: PageFile?) throws(Diagnostic) {
        guard let bytes = try? fileSystem.read(dataPath), case .document(.object(let object), _)? = try? DataReader.read(bytes, path: dataPath),
              !object.fields.allSatisfy({ $0.value.listValue != nil }) else { return }
        throw .error(
            at: page?.frontMatter.keyLocations["records"],
            "add and remove edit the records under '\(records)' only in a file whose every top-level value is a list",
            hint: "edit this file by hand, or keep its other keys in another file")
    }

    /// The data file, the edit's options with the page's settings in them, and the warnings
    /// the edit goes ahead with (under `--strict`, the first is thrown instead).
    func resolve() throws(Diagnostic) -> (String, DataFileEdit.Options, [Diagnostic]) {
        var options = request.edit
        var dataPath = request.dataPath
        let site = fileSystem.isDirectory(request.contentPath) ? try SiteSource(contentPath: request.contentPath, fileSystem: fileSystem) : nil
        var page: PageFile?
        if let pagePath = request.pagePath {
            page = try PageFile(path: pagePath, fileSystem: fileSystem)
            if dataPath == nil { dataPath = page?.data?.path }
        } else if let dataPath {
            page = site?.page(reading: dataPath)
        }
        guard let dataPath else { throw .error(at: nil, "name the data file, or a page with --page") }
        var warnings: [Diagnostic] = []
        if let page {
            options.settings = page.settings
            options.page = page.path
            // The build would refuse the file this page reads: say so, for the edit is made
            // for a page that will not build.
            if let site, site.isPage(page.path), let data = page.data, fileSystem.resolved(data.path) == fileSystem.resolved(dataPath),
               let problem = site.boundaryProblem(of: page) {
                warnings.append(problem)
            }
        }
        if let records = page?.settings.records {
            options.section = try Self.section(forRecords: records, given: options.section, page: page)
            try checkEditable(records: records, in: dataPath, page: page)
        }
        if let columns = request.columns { options.settings.columns = columns }
        if request.isStrict, let first = warnings.first { throw .error(at: first.location, first.message, hint: first.hint) }
        return (dataPath, options, warnings)
    }
}
