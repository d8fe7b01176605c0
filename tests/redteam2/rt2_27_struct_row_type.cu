// A row type as a struct, struct { float v[32]; }, and a transposed read
// through it.
// launch: rt2_27_struct_row_type 2 32x8
struct Row32 { float v[32]; };
__global__ void rt2_27_struct_row_type(const int *in, int *out, int p) {
    __shared__ Row32 rows[32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        rows[j].v[tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    const float *all = rows[0].v;
    out[blockIdx.x * 256 + tid] = __float_as_int(rows[tx].v[ty] + all[(tid * 4) & 1023]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_27_struct_row_type<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
