import Foundation
import PackagePlugin

/// Turns every file under the package's `Templates/` into Swift source, so the default templates
/// and web assets travel inside the binary. SwiftPM resources would work too, but on Linux they
/// are looked up beside the binary and crash when it is copied elsewhere.
/// SwiftPM lists the files when it plans a build: after adding a file under `Templates/` (a new
/// part of the page script), touch `Package.swift` so an existing `.build/` embeds it too.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appendingPathComponent("Templates")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTemplates.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                let values = try url.resourceValues(forKeys: [.isRegularFileKey])
                if values.isRegularFile == true { inputs.append(url) }
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) default templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [templates.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
