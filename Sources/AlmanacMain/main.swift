import AlmanacCLI
import Foundation

// A write past a file-size limit fails with EFBIG instead of killing the process, so an edit
// can clean up and say so (the original file is untouched either way).
signal(SIGXFSZ, SIG_IGN)
exit(AlmanacCommand.onTerminal().run(Array(CommandLine.arguments.dropFirst()), output: .terminal).rawValue)
