// Declarations with alignment spelled around them: alignas(16) before, and
// __attribute__((aligned(16))) after the declarator; transposed reads.
// launch: rt2_173_alignas_attribute_decl 2 32x8
// expect: rewritten
__global__ void rt2_173_alignas_attribute_decl(const int *in, int *out, int p) {
    alignas(16) __shared__ float a[32][32];
    __shared__ float b[32][32] __attribute__((aligned(16)));
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
        b[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] >> 12);
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(a[tx][j] + b[tx][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_173_alignas_attribute_decl<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
