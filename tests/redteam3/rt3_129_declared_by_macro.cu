// Tiles declared through a macro (RT3_129_SMEM_TILE(type, name)), the way some
// code bases stamp their buffers.
// launch: rt3_129_declared_by_macro 2 32x8
// expect: rewritten
#define RT3_129_SMEM_TILE(T, name) __shared__ T name[32][32]
static __global__ void rt3_129_declared_by_macro(const int *in, int *out, int p) {
    RT3_129_SMEM_TILE(int, a);
    RT3_129_SMEM_TILE(int, b);
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
        b[j][tx] = (in[blockIdx.x * 1024 + j * 32 + tx] >> 12) & 4095;
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = a[tx][j] + 3 * b[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_129_declared_by_macro<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
