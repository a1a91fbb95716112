// Why this exists: Copy's operation work: the photo made as Save As makes it (full size, upright, sepia or not), kept as an image for the clipboard instead of written to a file.
import Foundation
import PhotoTrace

public struct PhotoCopy: StageWork {
    let export: PhotoExport
    public var stage: Stage { .export }

    public init(_ source: PhotoSource, sepia: Bool, settings: PipelineSettings, held: Data? = nil) {
        export = PhotoExport(source, to: ExportTarget(path: "", replacing: false), format: .png, sepia: sepia, settings: settings, held: held)
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        switch export.image(context) {
        case .success(let image): return .image(image, from: nil)
        case .failure(.cancelled): return .cancelled
        case .failure(let failure): return .failed(StageFailure(failure))
        }
    }
}
