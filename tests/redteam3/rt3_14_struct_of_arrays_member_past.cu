// Shared array of structs of arrays (SoA per warp row): s[r].a[tx + 32] is
// s[r].b[tx] in memory; b is read down a column as well.
// launch: rt3_14_struct_of_arrays_member_past 2 32x8
struct SoA {
    int a[32];
    int b[32];
};
__global__ void rt3_14_struct_of_arrays_member_past(const int *in, int *out, int p) {
    __shared__ SoA s[8];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    s[ty].a[tx] = in[blockIdx.x * 512 + tid] & 4095;
    s[ty].b[tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = s[ty].a[tx + 32] + 2 * s[tx % 8].b[ty * 4];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_14_struct_of_arrays_member_past<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
