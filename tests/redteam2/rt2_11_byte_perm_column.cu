// __byte_perm picks the thread id's low byte: a column of 0..63 over rows of 32.
// launch: rt2_11_byte_perm_column 2 32x8
__global__ void rt2_11_byte_perm_column(const int *in, int *out, int p) {
    __shared__ int tile[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 256 + tid] & 8191;
    __syncthreads();
    const unsigned col = __byte_perm((unsigned)tid, 0u, 0x4440u) & 63u;
    out[blockIdx.x * 256 + tid] = tile[ty & 3][col] + 7 * tile[tx & 7][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_11_byte_perm_column<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
