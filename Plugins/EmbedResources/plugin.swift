import Foundation
import PackagePlugin

/// Compiles the package's Resources/ folder into the target as string
/// constants (`EmbeddedResources`), so the binary alone runs anywhere.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let resources = context.package.directoryURL.appending(path: "Resources")
        let names = try FileManager.default.contentsOfDirectory(atPath: resources.path)
            .filter { !$0.hasPrefix(".") && ($0.hasSuffix(".txt") || $0.hasSuffix(".json")) }
            .sorted()
        let inputs = names.map { resources.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding Resources/ into \(target.name)",
                executable: try context.tool(named: "embed-resources").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
