// Harris's reduction #5/#6: a template block size, a grid-stride first add,
// completely unrolled steps (if (blockSize >= 512) ...), and the last warp's
// steps with __syncwarp between a read and a write (the modern form of the
// volatile last-warp unroll), called by the whole block.
// launch: rt4_28_reduce6<256> 2 256x1
template <unsigned int blockSize>
__device__ void warp_tail(int *sdata, unsigned int tid) {
#pragma unroll
    for (unsigned int s = 32; s > 0; s >>= 1) {
        int v = 0;
        if (tid < s && blockSize >= 2 * s) v = sdata[tid + s];
        __syncwarp();
        if (tid < s) sdata[tid] += v;
        __syncwarp();
    }
}
template <unsigned int blockSize>
__global__ void rt4_28_reduce6(const int *in, int *out, int p) {
    __shared__ int sdata[blockSize];
    const unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * (blockSize * 2) + tid;
    const unsigned int gridSize = blockSize * 2 * gridDim.x;
    int sum = 0;
    while (i < 4096) {
        sum += (in[i] & 255) + (in[(i + blockSize) & 4095] & 255);
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();
    if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
    warp_tail<blockSize>(sdata, tid);
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    const int threads = 256;
    switch (threads) {
    case 512: rt4_28_reduce6<512><<<2, 512>>>(in, out, 0); break;
    case 256: rt4_28_reduce6<256><<<2, 256>>>(in, out, 0); break;
    case 128: rt4_28_reduce6<128><<<2, 128>>>(in, out, 0); break;
    }
}
#endif
