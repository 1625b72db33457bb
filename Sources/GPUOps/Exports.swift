// What `import GPUOps` shows a user, one declaration at a time: the operations are this
// module's own; below are the types of the lower layers that a user of them names. Everything
// else in those modules (codec internals, weight layouts, device inventories) stays out of
// sight, whatever its access level. A type a public declaration here or below names belongs in
// this list. `import OperationChain` alone gives the chain without images.

// The chain the operations are links of (OperationChain; docs/CHAIN.md).
@_exported import class OperationChain.ChainableOperation
@_exported import class OperationChain.AsyncChainableOperation
@_exported import class OperationChain.AnyChainableOperation
@_exported import class OperationChain.CompoundOperation
@_exported import struct OperationChain.OperationChain
@_exported import struct OperationChain.ChainRecipe
@_exported import protocol OperationChain.OutputProducing
@_exported import enum OperationChain.ChainError

// The image: pixels and what was read with them, decoding and encoding, and their errors.
@_exported import struct ImageCodecs.HostImage
@_exported import enum ImageCodecs.ImageGeometryError
@_exported import struct ImageCodecs.ImageMetadata
@_exported import struct ImageCodecs.MetadataKeep
@_exported import enum ImageCodecs.MetadataKeepListError
@_exported import struct ImageCodecs.DecodeFacts
@_exported import struct ImageCodecs.ImageFrame
@_exported import struct ComputeCore.ImageContainer
@_exported import struct ImageCodecs.DecodedImage
@_exported import class ImageCodecs.AnimationFrames
@_exported import enum ImageCodecs.FrameSelection
@_exported import struct ImageCodecs.DecodeOptions
@_exported import enum ImageCodecs.ImageFormat
@_exported import enum ImageCodecs.ImageOrientation
@_exported import enum ImageCodecs.PNGCompression
@_exported import struct ImageCodecs.EncodeOptions
@_exported import struct ImageCodecs.JPEGEncoding
@_exported import enum ImageCodecs.JPEGSubsampling
@_exported import enum ImageCodecs.ImageDecoder
@_exported import enum ImageCodecs.ImageEncoder
@_exported import struct ImageCodecs.ImageCodecError
@_exported import enum ImageCodecs.ColourProfileError

// Sizes, boxes and the settings of the built-in steps (scale, crop, glitch).
@_exported import struct ImageMaths.PixelRect
@_exported import struct ImageMaths.ThumbnailSize
@_exported import enum ImageMaths.ResampleFilter
@_exported import enum ImageMaths.FitMode
@_exported import enum ImageMaths.Gravity
@_exported import struct ImageMaths.GlitchParameters
@_exported import enum ImageMaths.GlitchEdge
@_exported import enum ImageMaths.GlitchPlanError

// The built-in effects, kernels like a user's own (ImageEffects).
@_exported import enum ImageEffects.ImageEffect
@_exported import struct ImageEffects.SepiaKernel
@_exported import struct ImageEffects.RGBColor
@_exported import struct ImageEffects.TiltShiftKernel
@_exported import struct ImageEffects.SharpenKernel
@_exported import struct ImageEffects.FlattenKernel
@_exported import struct ImageEffects.GlitchKernel
@_exported import struct ImageEffects.EffectParameterError

// Where an image is and what runs on it: the user's view of a backend and its errors.
@_exported import enum ComputeCore.PipelineImage
@_exported import class ComputeCore.DeviceImage
@_exported import protocol ComputeCore.ComputeBackend
@_exported import enum ComputeCore.BackendKind
@_exported import class ComputeCore.TransferCounters
@_exported import enum ComputeCore.ComputeArgumentError
@_exported import protocol ComputeCore.DeviceResourceError

// The kernel API: a user's own `ImageKernel` (docs/IMAGE-OPERATIONS.md).
@_exported import protocol ComputeCore.ImageKernel
@_exported import struct ComputeCore.KernelLaunches
@_exported import struct ComputeCore.KernelFunction
@_exported import struct ComputeCore.KernelImage
@_exported import struct ComputeCore.KernelProgramSource
@_exported import protocol ComputeCore.KernelParameter
@_exported import enum ComputeCore.KernelArgument
@_exported import struct ComputeCore.KernelTable
@_exported import struct ComputeCore.LocalMemory
@_exported import struct ComputeCore.RowParallelism
@_exported import struct ImageMaths.PixelSize

// Device selection, the CPU backend, the errors a device throws, and the parity check.
@_exported import enum ComputeDevices.DeviceSelector
@_exported import enum ComputeDevices.DeviceRequest
@_exported import struct ComputeDevices.DeviceSelection
@_exported import struct ComputeDevices.DeviceSelectionError
@_exported import struct ComputeDevices.DeviceRequestError
@_exported import enum ComputeDevices.BackendParity
@_exported import enum ComputeDevices.PixelDifference
@_exported import class ComputeDevices.CPUBackend
@_exported import struct ComputeDevices.CLError
@_exported import struct ComputeDevices.CLCallError
@_exported import struct ComputeDevices.CLBuildError

// The error of a failed system call (file reads and writes, SystemIO).
@_exported import struct SystemIO.SystemCallError
