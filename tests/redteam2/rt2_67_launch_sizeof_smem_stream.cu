// <<<grid, block, smem, stream>>> with smem from sizeof and a stream.
// launch: rt2_67_launch_sizeof_smem_stream 2 64x4
__global__ void rt2_67_launch_sizeof_smem_stream(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * blockDim.x + tx;
    tile[tid / 32][tid % 32] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int acc = tile[ty][tx] + 2 * tile[tx % 8][ty];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    cudaStream_t s;
    cudaStreamCreate(&s);
    const dim3 block(sizeof(double) * 8, sizeof(int));
    rt2_67_launch_sizeof_smem_stream<<<2, block, 0 * sizeof(float), s>>>(in, out, 0);
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
}
#endif
