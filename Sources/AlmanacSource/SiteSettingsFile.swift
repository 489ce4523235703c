import AlmanacCore
import AlmanacLoad
import AlmanacModel

extension SiteSettings {
    /// The settings in the bytes of an `almanac.yaml`; an empty file is all defaults.
    public init(yaml bytes: [UInt8], path: String) throws(Diagnostic) {
        let document = try YAMLReader().read(bytes, path: path)
        switch document.value {
        case .null: self.init()
        case .object(let object): try self.init(object, locations: document.keyLocations, file: path)
        default: throw .error(at: SourceLocation(path: path), "\(Self.fileName) must be a mapping of settings")
        }
    }
}
