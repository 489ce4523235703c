import AlmanacCore
import AlmanacEdit
import AlmanacLoad
import AlmanacModel

/// `almanac add` and `remove` with the page that uses the data file: its `key:`, `columns:`
/// and label say how the file's records read, and the edit is checked against them. The page
/// is the one `--page` names, else the page in the content folder whose `data:` is the file.
public struct RecordEditor: Sendable {
    public struct Request: Sendable {
        public var dataPath: String?
        public var pagePath: String?
        public var contentPath = "Content"
        /// `--columns`: a keyed file's list positions, when no page names them.
        public var columns: [String]?
        public var edit = DataFileEdit.Options()

        public init() {}
    }

    public let request: Request
    public let fileSystem: any FileSystem

    public init(request: Request, fileSystem: any FileSystem = DiskFileSystem()) {
        self.request = request
        self.fileSystem = fileSystem
    }

    /// The data file edited, and what was done to it.
    public func add(_ assignments: [(name: String, value: String)]) throws(Diagnostic) -> (path: String, outcome: DataFileEdit.Outcome) {
        let (path, options) = try resolve()
        return (path, try DataFileEdit(fileSystem: fileSystem, options: options).add(to: path, assignments))
    }

    public func remove(where conditions: [(name: String, value: String)]) throws(Diagnostic) -> (path: String, outcome: DataFileEdit.Outcome) {
        let (path, options) = try resolve()
        return (path, try DataFileEdit(fileSystem: fileSystem, options: options).remove(from: path, where: conditions))
    }

    /// The data file and the edit's options with the page's settings in them.
    func resolve() throws(Diagnostic) -> (String, DataFileEdit.Options) {
        var options = request.edit
        var dataPath = request.dataPath
        if let pagePath = request.pagePath {
            let (settings, data) = try page(pagePath)
            options.settings = settings
            options.page = pagePath
            if dataPath == nil { dataPath = data }
        } else if let dataPath, let found = try pageUsing(dataPath) {
            options.settings = found.settings
            options.page = found.path
        }
        guard let dataPath else { throw .error(at: nil, "name the data file, or a page with --page") }
        if let columns = request.columns { options.settings.columns = columns }
        return (dataPath, options)
    }

    private func page(_ path: String) throws(Diagnostic) -> (PageSettings, String?) {
        let bytes: [UInt8]
        do { bytes = try fileSystem.read(path) } catch {
            throw .error(at: SourceLocation(path: path), "cannot read the page")
        }
        let frontMatter = try FrontMatter.parse(bytes, path: path)
        let settings = try PageSettings(frontMatter.settings, locations: frontMatter.keyLocations, file: path)
        return (settings, settings.data.map { Path.join(Path.directory(of: path), $0) })
    }

    /// The settings of the page in the content folder that reads `dataPath`, if one does.
    private func pageUsing(_ dataPath: String) throws(Diagnostic) -> (settings: PageSettings, path: String)? {
        let content = request.contentPath
        guard fileSystem.isDirectory(content), let names = try? fileSystem.contents(ofDirectory: content) else { return nil }
        let target = fileSystem.resolved(dataPath)
        for name in names where Path.fileExtension(of: name) == "md" && !name.hasPrefix(".") {
            let path = Path.join(content, name)
            guard let (settings, data) = try? page(path), let data, fileSystem.resolved(data) == target else { continue }
            return (settings, path)
        }
        return nil
    }
}
