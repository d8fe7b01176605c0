// The CUDA samples' way to group shared buffers: one __shared__ struct with
// a 2-D array member and a counter; the member tile read transposed.
// launch: rt3_59_shared_storage_struct_legal 2 32x8
struct SharedStorage {
    float tile[32][32];
    int count;
};
static __global__ void rt3_59_shared_storage_struct_legal(const int *in, int *out, int p) {
    __shared__ SharedStorage s;
    const int tx = threadIdx.x, ty = threadIdx.y;
    if (tx == 0 && ty == 0) s.count = 7;
    for (int j = ty; j < 32; j += 8) s.tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(s.tile[tx][j]) + s.count;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_59_shared_storage_struct_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
