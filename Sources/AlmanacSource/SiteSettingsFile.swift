import AlmanacCore
import AlmanacLoad
import AlmanacModel

extension SiteSettings {
    /// The settings of an `almanac.yaml` already read; an empty file is all defaults.
    public init(_ document: YAMLReader.Document, path: String) throws(Diagnostic) {
        switch document.value {
        case .null: self.init()
        case .object(let object): try self.init(object, locations: document.keyLocations, file: path)
        default: throw .error(at: SourceLocation(path: path), "\(Self.fileName) must be a mapping of settings")
        }
    }
}
