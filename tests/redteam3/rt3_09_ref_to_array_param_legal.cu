// The tile passed to device helpers by reference to array (float (&t)[32][32]),
// the helpers doing the load and the transposed store in range.
// launch: rt3_09_ref_to_array_param_legal 2 32x8
// Kept by rapcc for a true reason: a callee that takes the whole array by
// reference has its own subscripts; a new layout would have to change the
// callee's parameter type too, which rapcc does not rewrite.
__device__ void load_tile(float (&t)[32][32], const int *src, int tx, int ty) {
    for (int j = ty; j < 32; j += 8) t[j][tx] = (float)(src[j * 32 + tx] & 4095);
}
__device__ void store_transposed(const float (&t)[32][32], int *dst, int tx, int ty) {
    for (int j = ty; j < 32; j += 8) dst[j * 32 + tx] = __float_as_int(t[tx][j]);
}
static __global__ void rt3_09_ref_to_array_param_legal(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    load_tile(tile, in + blockIdx.x * 1024, threadIdx.x, threadIdx.y);
    __syncthreads();
    store_transposed(tile, out + blockIdx.x * 1024, threadIdx.x, threadIdx.y);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_09_ref_to_array_param_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
