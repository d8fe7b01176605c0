// A pointer loop from the tile's first element to one past its last
// (q != &tile[0][0] + 8 * 32), hashing in memory order.
// launch: rt3_62_pointer_loop_to_end 2 32x8
__global__ void rt3_62_pointer_loop_to_end(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    __syncthreads();
    int h = 0;
    if (tx == 0)
        for (const int *q = &tile[0][0]; q != &tile[0][0] + 8 * 32; ++q) h = h * 3 + *q;
    out[blockIdx.x * 256 + tid] = h + tile[tx % 8][ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_62_pointer_loop_to_end<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
