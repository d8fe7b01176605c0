// Double buffering by swapping row pointers between two shared arrays each
// step (a Jacobi sweep on a line per row); the final read is transposed.
// launch: rt38_pingpong 2 32x8
__global__ void rt38_pingpong(const int *in, int *out, int p) {
    __shared__ int bufA[8][32];
    __shared__ int bufB[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    bufA[ty][tx] = in[blockIdx.x * 256 + tid] & 4095;
    __syncthreads();
    int *cur = bufA[0], *nxt = bufB[0];
    for (int step = 0; step < 4; ++step) {
        int l = tx > 0 ? cur[ty * 32 + tx - 1] : 0;
        int r = tx < 31 ? cur[ty * 32 + tx + 1] : 0;
        nxt[ty * 32 + tx] = (l + r + 2 * cur[ty * 32 + tx]) >> 2;
        __syncthreads();
        int *t = cur; cur = nxt; nxt = t;
    }
    out[blockIdx.x * 256 + tid] = cur[(tx % 8) * 32 + ty * 4] + bufA[tx % 8][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt38_pingpong<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
