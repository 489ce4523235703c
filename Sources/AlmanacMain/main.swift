import AlmanacCLI
import Foundation

exit(AlmanacCommand().run(Array(CommandLine.arguments.dropFirst()), output: .terminal).rawValue)
