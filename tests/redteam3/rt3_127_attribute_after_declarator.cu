// Tiles declared with attributes in several places: __align__ before the
// type, __attribute__((aligned)) after the declarator, the qualifiers after the type.
// launch: rt3_127_attribute_after_declarator 2 32x8
// expect: rewritten
static __global__ void rt3_127_attribute_after_declarator(const int *in, int *out, int p) {
    __shared__ __align__(16) int a[32][32];
    int __shared__ b[32][32] __attribute__((aligned(16)));
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
void launch(const int *in, int *out) { rt3_127_attribute_after_declarator<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
