// The butterfly over a flattened tile: partner tid ^ 32 is the next row's
// element, reached through a pointer.
// launch: rt2_19_xor_butterfly_flat 2 32x8
__global__ void rt2_19_xor_butterfly_flat(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    int *flat = tile[0];
    int v = flat[tid];
    for (int k = 32; k < 256; k <<= 1)
        v += flat[tid ^ k];
    out[blockIdx.x * 256 + tid] = v + tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_19_xor_butterfly_flat<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
