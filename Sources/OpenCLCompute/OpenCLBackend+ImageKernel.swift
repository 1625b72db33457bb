import ComputeCore
import ImageCodecs
import ImageMaths

extension OpenCLBackend {
    /// Runs a user's `ImageKernel`: the launches its `encode` records, on this device's
    /// in-order queue, without waiting, through the launch path the built-in passes take
    /// (`settle`, then `enqueue(_:images:)`). The program is built once per device (`OpenCLProgramCache`);
    /// the output and scratch images come from the buffer pool (scratch buffers go back to it
    /// when this returns, which the in-order queue makes safe: any later user is enqueued
    /// behind these launches).
    package func run(_ kernel: any ImageKernel, on image: PipelineImage) throws -> PipelineImage {
        let size = try kernel.checkedOutputSize(width: image.width, height: image.height)
        var launches = KernelLaunches(input: PixelSize(width: image.width, height: image.height), output: size,
                                      device: kernelLimits)
        try kernel.encode(&launches)
        let settled = try settle(launches, in: runtime.programs.program(kernel.program))
        let job = try prepare(image, width: size.width, height: size.height,
                              isOpaque: kernel.outputIsOpaque(inputIsOpaque: image.isOpaque))
        var scratch: [PooledBuffer<CLBuffer>] = []
        for image in launches.scratchImages {
            scratch.append(try pool.buffer(size: image.width * image.height * 4))
        }
        try enqueue(settled, images: [job.source, job.target] + scratch.map(\.buffer))
        withExtendedLifetime(scratch) {}
        return .device(job.output)
    }
}
