import AlmanacCore
import AlmanacLoad
import AlmanacModel

extension SiteSettings {
    /// The settings in the bytes of an `almanac.yaml`; an empty file is all defaults.
    public init(yaml bytes: [UInt8], path: String) throws(Diagnostic) {
        try self.init(try YAMLReader().read(bytes, path: path), path: path)
    }

    /// The settings of an `almanac.yaml` already read.
    public init(_ document: YAMLReader.Document, path: String) throws(Diagnostic) {
        switch document.value {
        case .null: self.init()
        case .object(let object): try self.init(object, locations: document.keyLocations, file: path)
        default: throw .error(at: SourceLocation(path: path), "\(Self.fileName) must be a mapping of settings")
        }
    }
}
