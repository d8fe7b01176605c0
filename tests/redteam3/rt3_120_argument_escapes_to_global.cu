// An internal kernel whose address is stored in a pointer of external
// linkage: another file may launch it through the pointer, here with p = 16:
//     extern void (*g_rt3_120)(const int *, int *, int);
//     g_rt3_120<<<2, dim3(32, 8)>>>(in, out, 16);
// launch: rt3_120_argument_escapes_to_global 2 32x8
// launch: rt3_120_argument_escapes_to_global 2 32x8 16 1024
static __global__ void rt3_120_argument_escapes_to_global(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + p];
}
#ifdef __CUDACC__
void (*g_rt3_120)(const int *, int *, int) = rt3_120_argument_escapes_to_global;
void launch(const int *in, int *out) { rt3_120_argument_escapes_to_global<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
